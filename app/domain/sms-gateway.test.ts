import { expect, test } from "vitest";
import { readGatewayAnswer } from "./sms-gateway";

const answer = (statusCode: number | string, status: string, messageId = "ATXid_1") =>
  JSON.stringify({ SMSMessageData: { Message: "Sent to 1/1 Total Cost: KES 0.8000", Recipients: [{ statusCode, number: "+254712345678", status, cost: "KES 0.8000", messageId }] } });

test("a message the gateway took is sent, with its id", () => {
  expect(readGatewayAnswer(201, answer(101, "Success"))).toEqual({ kind: "sent", providerId: "ATXid_1" });
  expect(readGatewayAnswer(201, answer("102", "Queued"))).toEqual({ kind: "sent", providerId: "ATXid_1" });
});

test("a number the gateway refuses is refused for good, with the gateway's reason", () => {
  expect(readGatewayAnswer(201, answer(403, "InvalidPhoneNumber"))).toEqual({
    kind: "refused",
    reason: "The SMS gateway refused the message: InvalidPhoneNumber (403).",
  });
  expect(readGatewayAnswer(201, answer(406, "UserInBlacklist")).kind).toBe("refused");
});

test("a fault that may pass is tried again: balance, gateway errors, HTTP errors, garbled answers", () => {
  expect(readGatewayAnswer(201, answer(405, "InsufficientBalance"))).toEqual({
    kind: "retry",
    reason: "The SMS gateway refused the message: InsufficientBalance (405).",
  });
  expect(readGatewayAnswer(500, "Internal   Server\nError")).toEqual({ kind: "retry", reason: "The SMS gateway answered HTTP 500: Internal Server Error." });
  expect(readGatewayAnswer(401, "The supplied authentication is invalid")).toEqual({
    kind: "retry",
    reason: "The SMS gateway answered HTTP 401: The supplied authentication is invalid.",
  });
  expect(readGatewayAnswer(201, "<html>")).toEqual({ kind: "retry", reason: "The SMS gateway's answer was not JSON." });
  expect(readGatewayAnswer(201, JSON.stringify({ SMSMessageData: { Message: "InvalidSenderId", Recipients: [] } }))).toEqual({
    kind: "retry",
    reason: "The SMS gateway sent to no one: InvalidSenderId.",
  });
});
