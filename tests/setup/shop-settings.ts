import { type Settings, siteDocumentDefaults } from "../../app/domain/site-documents.schema";

/** A shop's settings with M-Pesa as its one payment method, as most server tests need; `changes` replace fields. */
export function mpesaShopSettings(changes: Partial<Settings> = {}): Settings {
  return {
    ...siteDocumentDefaults.settings,
    storeName: "Duka Crafts",
    paymentMethods: [{ id: "method-mpesa", name: "M-Pesa", enabled: true, instructions: "", ussdCode: null, fields: [] }],
    ...changes,
  };
}
