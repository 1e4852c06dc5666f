import { expect, test } from "vitest";
import { audienceText, campaignConfirmation, sampleUnsubscribeUrl } from "./campaigns";

test("the page states the audience in the shop's words, one or many", () => {
  expect(audienceText({ email: 1_250, sms: 1 })).toEqual({
    email: "1,250 confirmed newsletter subscribers",
    sms: "1 customer who agreed to marketing",
  });
  expect(audienceText({ email: 1, sms: 0 })).toEqual({
    email: "1 confirmed newsletter subscriber",
    sms: "0 customers who agreed to marketing",
  });
});

test("the preview's unsubscribe link looks like a subscriber's but names nobody", () => {
  expect(sampleUnsubscribeUrl("https://duka.test/")).toBe("https://duka.test/newsletter/unsubscribe/your-own-link");
});

test("the confirmation states each channel's count", () => {
  expect(campaignConfirmation({ email: 2, sms: 1 }, { email: true, sms: true })).toBe(
    "Send this campaign to 2 newsletter subscribers by email and 1 customer by SMS? It cannot be stopped once sent.",
  );
  expect(campaignConfirmation({ email: 2, sms: 1 }, { email: false, sms: true })).toBe(
    "Send this campaign to 1 customer by SMS? It cannot be stopped once sent.",
  );
});
