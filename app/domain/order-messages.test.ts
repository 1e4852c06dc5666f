import { describe, expect, test } from "vitest";
import { type OrderFacts, orderMessageValues } from "./order-messages";

const order: OrderFacts = {
  id: "k7m2q9xpd4hw8n3rt5vb",
  trackingId: "AFB7K2M9Q4XP",
  clientName: "Achieng Otieno",
  clientPhone: "+254712345678",
  totalCents: 8_650_00,
  paymentMethod: "M-Pesa",
  status: "Pending Payment",
  paymentStatus: "Unpaid",
  riderId: null,
};
const lines = [{ name: "Kiondo Sisal Handbag", size: "", color: "Natural", quantity: 2, unitPriceCents: 4_200_00 }];
const itemsOf = (facts: OrderFacts) => orderMessageValues(facts, { shopName: "Duka", origin: "https://duka.test", lines }).ITEMS;

describe("the items list of staff messages (issue 23)", () => {
  test("an order with a delivery choice ends it with the delivery and its fee", () => {
    expect(itemsOf({ ...order, delivery: "Nairobi CBD", deliveryFeeCents: 250_00 })).toBe(
      "- 2 × Kiondo Sisal Handbag (Natural) at KSH 4,200\nDelivery: Nairobi CBD — KSH 250",
    );
  });

  test("a free delivery or pick-up says Free", () => {
    expect(itemsOf({ ...order, delivery: "Pick up: Moi Avenue shop", deliveryFeeCents: 0 })).toBe(
      "- 2 × Kiondo Sisal Handbag (Natural) at KSH 4,200\nDelivery: Pick up: Moi Avenue shop — Free",
    );
  });

  test("an order without one reads exactly as before", () => {
    const before = "- 2 × Kiondo Sisal Handbag (Natural) at KSH 4,200";
    expect(itemsOf(order)).toBe(before);
    expect(itemsOf({ ...order, delivery: "", deliveryFeeCents: 0 })).toBe(before);
  });
});

test("an order with discounts lists each after its items, before the delivery (issue 24)", () => {
  const discounts = [
    { label: "Festive offer", amountCents: 1_000_00 },
    { label: "KARIBU10", amountCents: 740_00 },
  ];
  const values = orderMessageValues({ ...order, delivery: "Nairobi CBD", deliveryFeeCents: 250_00 }, { shopName: "Duka", origin: "https://duka.test", lines, discounts });
  expect(values.ITEMS).toBe(
    "- 2 × Kiondo Sisal Handbag (Natural) at KSH 4,200\nDiscount (Festive offer): -KSH 1,000\nDiscount (KARIBU10): -KSH 740\nDelivery: Nairobi CBD — KSH 250",
  );
});

describe("how the messages say to pay (decision 054)", () => {
  const howToPay = (facts: OrderFacts) => orderMessageValues(facts, { shopName: "Duka", origin: "https://duka.test/" }).HOW_TO_PAY;

  test("an order paid at the door says to pay the rider, not to go and pay now", () => {
    expect(howToPay({ ...order, paymentMethod: "Pay on delivery", payOnDelivery: true })).toBe(
      "Pay on delivery: pay KSH 8,650 to the rider in cash or by M-Pesa when your order arrives.",
    );
  });

  test("any other order links to its payment page", () => {
    expect(howToPay(order)).toBe("Pay with M-Pesa: https://duka.test/payment-instructions/k7m2q9xpd4hw8n3rt5vb");
  });
});
