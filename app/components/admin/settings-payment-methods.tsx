import { type ListChange, ListEditor } from "~/components/admin/list-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { fieldKey, LIST_LIMITS } from "~/domain/site-content";
import type { PaymentMethod } from "~/domain/site-documents.schema";

/** Site Settings: how shoppers may pay, with the details the payment page shows (product.md §2, §3). */
export function PaymentMethodsEditor({
  methods,
  onChange,
  newDraftId,
  error,
}: {
  methods: PaymentMethod[];
  onChange: (change: ListChange<PaymentMethod>) => void;
  newDraftId: () => string;
  error: (field: string) => string | undefined;
}) {
  return (
    <ListEditor
      label="Payment methods"
      noun="payment method"
      items={methods}
      onChange={onChange}
      newItem={() => ({ id: newDraftId(), name: "", enabled: true, instructions: "", ussdCode: null, fields: [] })}
      max={LIST_LIMITS.paymentMethods}
      error={error("paymentMethods")}
      empty="No payment methods yet: shoppers cannot check out until one is enabled."
    >
      {(method, change, index) => {
        const methodError = (...field: string[]) => error(fieldKey("paymentMethods", method.id, ...field));
        return (
          <>
            <TextField
              label="Name"
              required
              value={method.name}
              onChange={(event) => change({ name: event.target.value })}
              error={methodError("name")}
              hint="Shown at checkout. Orders keep the name they were placed with, so renaming a method leaves its older orders without payment details."
            />
            <label className="flex items-center gap-3 text-sm font-semibold">
              <input
                type="checkbox"
                checked={method.enabled}
                onChange={(event) => change({ enabled: event.target.checked })}
                className="size-5"
              />
              Enabled (offered at checkout)
            </label>
            <TextArea
              label="Instructions"
              rows={5}
              value={method.instructions}
              onChange={(event) => change({ instructions: event.target.value })}
              error={methodError("instructions")}
            />
            <TextField
              label="USSD code"
              inputMode="tel"
              value={method.ussdCode ?? ""}
              onChange={(event) => change({ ussdCode: event.target.value === "" ? null : event.target.value })}
              error={methodError("ussdCode")}
              hint="The short code the ‘Pay with M-Pesa’ button dials, such as *334#. Leave it blank for methods paid another way."
            />
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">Payment details</legend>
              <p className="text-sm text-earth-700 dark:text-clay-200">
                Each detail is a label and a value, such as ‘Paybill Number’ and ‘123456’. Values may use {"{{ORDER_ID}}"},{" "}
                {"{{ORDER_CODE}}"} and {"{{CLIENT_NAME}}"}: the payment page puts in the order’s id, its 10-character account
                number for M-Pesa, and the client’s name.
              </p>
              <ListEditor
                label={`Payment details of payment method ${index + 1}`}
                noun="field"
                items={method.fields}
                onChange={(fieldsChange) => change((latest) => ({ fields: fieldsChange(latest.fields) }))}
                newItem={() => ({ id: newDraftId(), label: "", value: "" })}
                max={LIST_LIMITS.paymentFields}
                error={methodError("fields")}
                empty="No details yet."
              >
                {(field, changeField) => (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      label="Label"
                      value={field.label}
                      onChange={(event) => changeField({ label: event.target.value })}
                      error={methodError("fields", field.id, "label")}
                    />
                    <TextField
                      label="Value"
                      value={field.value}
                      onChange={(event) => changeField({ value: event.target.value })}
                      error={methodError("fields", field.id, "value")}
                    />
                  </div>
                )}
              </ListEditor>
            </fieldset>
          </>
        );
      }}
    </ListEditor>
  );
}
