import { expect, test } from "vitest";
import { capturedLog } from "../../tests/setup/log-capture";
import { readConfig } from "./config.server";
import { inRequest } from "./log.server";

test("each line is one JSON object with the process's name, its level and an ISO time", () => {
  const { logger, lines } = capturedLog("shop-a");
  logger.info("Duka is serving.");
  expect(lines).toEqual([{ level: 30, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), process: "shop-a", msg: "Duka is serving." }]);
});

test("a phone number in a message, in its arguments or in a field is masked, and no body is written", () => {
  const { logger, lines } = capturedLog();
  logger.warn("Payment request to +254712345678 failed");
  logger.warn("Payment request to %s failed", "254712345678");
  logger.info({ phone: "+254 712 345 678", body: "name=Achieng&phone=%2B254712345678", email: "wanjiku@example.com" }, "posted");
  expect(lines.map((line) => line.msg)).toEqual(["Payment request to +254 ••• ••• 678 failed", "Payment request to +254 ••• ••• 678 failed", "posted"]);
  expect(lines[2]).toMatchObject({ phone: "+254 ••• ••• 678", body: "[hidden]", email: "w•••@example.com" });
  expect(JSON.stringify(lines)).not.toMatch(/712.?345.?678|Achieng|wanjiku/);
});

test("an error, logged alone or as a field, is written with its message and stack masked", () => {
  const { logger, lines } = capturedLog();
  logger.error(new Error("No order for +254712345678"));
  logger.error({ err: new Error("Failed query: select\nparams: Achieng,+254712345678") }, "Saving failed.");
  expect(lines[0]).toMatchObject({ level: 50, msg: "No order for +254 ••• ••• 678", err: { type: "Error", message: "No order for +254 ••• ••• 678" } });
  expect(lines[1]).toMatchObject({ msg: "Saving failed.", err: { message: "Failed query: select\nparams: [hidden]" } });
  expect(JSON.stringify(lines)).not.toMatch(/712345678|Achieng/);
});

test("lines logged while a request is served carry its reqId, across awaits; others carry none", async () => {
  const { logger, lines } = capturedLog();
  await inRequest("req-1", async () => {
    logger.info("first");
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info("after a wait");
  });
  logger.info("outside");
  expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
    ["first", "req-1"],
    ["after a wait", "req-1"],
    ["outside", undefined],
  ]);
});

test("LOG_LEVEL and DUKA_PROCESS_NAME are read and checked; tests are quiet and JSON unless told otherwise", () => {
  expect(readConfig({ LOG_LEVEL: "debug", DUKA_PROCESS_NAME: "shop-2" }).log).toEqual({ level: "debug", processName: "shop-2", pretty: false });
  expect(readConfig({}).log).toMatchObject({ level: "info", processName: expect.stringMatching(/-\d+$/) });
  expect(readConfig({ VITEST: "true" }).log.level).toBe("silent");
  expect(readConfig({ NODE_ENV: "development" }).log.pretty).toBe(true);
  expect(readConfig({ NODE_ENV: "production" }).log.pretty).toBe(false);
  expect(() => readConfig({ LOG_LEVEL: "loud" })).toThrow("LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.");
  expect(() => readConfig({ DUKA_PROCESS_NAME: "shop two" })).toThrow(
    "DUKA_PROCESS_NAME: DUKA_PROCESS_NAME must be up to 100 letters, digits, dots, colons, @, hyphens or underscores.",
  );
});
