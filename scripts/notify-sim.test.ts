import { createTransport } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type NotifySim, startNotifySim } from "./notify-sim";

let sim: NotifySim;

beforeAll(async () => {
  sim = await startNotifySim({ smsPort: 0, smtpPort: 0 });
});

afterAll(async () => {
  await sim.stop();
});

beforeEach(() => sim.clear());

/** Sends an SMS the way the shop will: a form POST with the key in a header. */
function sendSms(fields: Record<string, string>, { apiKey = sim.env.AT_API_KEY!, signal }: { apiKey?: string; signal?: AbortSignal } = {}) {
  return fetch(`${sim.env.AT_BASE_URL}/version1/messaging`, {
    method: "POST",
    headers: { apiKey, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: sim.env.AT_USERNAME!, ...fields }),
    signal,
  });
}

async function recipientsOf(response: Response) {
  expect(response.status).toBe(201);
  const body = (await response.json()) as { SMSMessageData: { Message: string; Recipients: Record<string, unknown>[] } };
  return body.SMSMessageData;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const control = (path: string, init: RequestInit = {}) => fetch(`${sim.smsBaseUrl}${path}`, init);

function sendMail(smtpUrl = sim.env.SMTP_URL!) {
  return createTransport(smtpUrl).sendMail({
    from: sim.env.MAIL_FROM,
    to: "amina@example.com",
    bcc: "orders@duka.test",
    subject: "Order DK7Q2M is paid",
    text: "Asante! We have your payment of KES 1,200.",
    html: "<p>Asante! We have your payment of <b>KES 1,200</b>.</p>",
  });
}

describe("SMS gateway", () => {
  test("a good request is answered 201 like Africa's Talking and recorded", async () => {
    const data = await recipientsOf(await sendSms({ to: "+254712345678", message: "Order DK7Q2M is paid", from: "DUKA" }));
    expect(data).toEqual({
      Message: "Sent to 1/1 Total Cost: KES 0.8000",
      Recipients: [
        { statusCode: 101, number: "+254712345678", status: "Success", cost: "KES 0.8000", messageId: expect.stringMatching(/^ATXid_\w+$/) },
      ],
    });
    expect(sim.smsMessages()).toEqual([
      { receivedAt: expect.any(String), username: "sandbox", to: "+254712345678", message: "Order DK7Q2M is paid", from: "DUKA" },
    ]);
  });

  test("several numbers in one request each get an answer", async () => {
    const data = await recipientsOf(await sendSms({ to: "+254712345678, +254733000111", message: "Hello" }));
    expect(data.Message).toBe("Sent to 2/2 Total Cost: KES 1.6000");
    expect(data.Recipients.map((r) => r.number)).toEqual(["+254712345678", "+254733000111"]);
    expect(new Set(data.Recipients.map((r) => r.messageId)).size).toBe(2);
    expect(sim.smsMessages()[0]).toMatchObject({ to: "+254712345678, +254733000111" });
  });

  test("an invalid number gets 403 and a blacklisted one 406, still within a 201", async () => {
    const data = await recipientsOf(await sendSms({ to: "0712345678,+254712340000,+254712345678", message: "Hello" }));
    expect(data.Message).toBe("Sent to 1/3 Total Cost: KES 0.8000");
    expect(data.Recipients.slice(0, 2)).toEqual([
      { statusCode: 403, number: "0712345678", status: "InvalidPhoneNumber", cost: "0", messageId: "None" },
      { statusCode: 406, number: "+254712340000", status: "UserInBlacklist", cost: "0", messageId: "None" },
    ]);
    expect(data.Recipients[2]).toMatchObject({ statusCode: 101 });
  });

  test("a wrong apiKey or username is refused with 401 and not recorded", async () => {
    for (const response of [
      await sendSms({ to: "+254712345678", message: "Hello" }, { apiKey: "wrong" }),
      await sendSms({ to: "+254712345678", message: "Hello", username: "someone-else" }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("The supplied authentication is invalid");
    }
    expect(sim.smsMessages()).toEqual([]);
  });

  test("a request missing a field, or not asking for JSON, is refused", async () => {
    const missing = await sendSms({ to: "+254712345678" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe("Request is missing required form field 'message'");
    const xml = await fetch(`${sim.env.AT_BASE_URL}/version1/messaging`, {
      method: "POST",
      headers: { apiKey: sim.env.AT_API_KEY! },
      body: new URLSearchParams({ username: sim.env.AT_USERNAME!, to: "+254712345678", message: "Hello" }),
    });
    expect(xml.status).toBe(406);
    expect(sim.smsMessages()).toEqual([]);
  });

  test("failNext(2, 'error') answers 500 twice, then sends", async () => {
    sim.failNext(2, "error");
    for (let i = 0; i < 2; i++) {
      const response = await sendSms({ to: "+254712345678", message: "Hello" });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toBe("");
    }
    expect((await sendSms({ to: "+254712345678", message: "Hello" })).status).toBe(201);
    expect(sim.smsMessages()).toHaveLength(1);
  });

  test("'timeout' never answers, so the caller's own timeout fires", async () => {
    sim.failNext(1, "timeout");
    await expect(sendSms({ to: "+254712345678", message: "Hello" }, { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      expect.objectContaining({ name: "TimeoutError" }),
    );
    expect(sim.smsMessages()).toEqual([]);
  });

  test("stop() does not wait for requests left unanswered, and ends the waiting", async () => {
    const other = await startNotifySim({ smsPort: 0, smtpPort: 0 });
    other.failNext(1, "timeout");
    const hanging = fetch(`${other.smsBaseUrl}/version1/messaging`, { method: "POST", body: "username=sandbox" });
    const waiting = expect(other.waitForSms(() => true, 5_000)).rejects.toThrow(/stopped/);
    await pause(100);
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(500);
    await expect(hanging).rejects.toThrow(TypeError);
    await waiting;
  });

  test("'refuse' drops the connection: a network error", async () => {
    sim.failNext(1, "refuse");
    await expect(sendSms({ to: "+254712345678", message: "Hello" })).rejects.toThrow(TypeError);
    expect((await sendSms({ to: "+254712345678", message: "Hello" })).status).toBe(201);
  });
});

describe("HTTP control", () => {
  test("GET and DELETE /sim/sms show and clear what arrived", async () => {
    await sendSms({ to: "+254712345678", message: "Order DK7Q2M is paid" });
    expect(await (await control("/sim/sms")).json()).toEqual([expect.objectContaining({ message: "Order DK7Q2M is paid" })]);
    expect((await control("/sim/sms", { method: "DELETE" })).status).toBe(204);
    expect(await (await control("/sim/sms")).json()).toEqual([]);
  });

  test("POST /sim/sms/fail queues failures; a bad one is refused", async () => {
    const fail = (body: unknown) => control("/sim/sms/fail", { method: "POST", body: JSON.stringify(body) });
    expect((await fail({ count: 1, how: "error" })).status).toBe(204);
    expect((await sendSms({ to: "+254712345678", message: "Hello" })).status).toBe(500);
    expect((await sendSms({ to: "+254712345678", message: "Hello" })).status).toBe(201);
    expect((await fail({ count: 1, how: "explode" })).status).toBe(400);
    expect((await fail({ count: 0, how: "error" })).status).toBe(400);
  });

  test("GET, DELETE and POST /sim/mail/fail do the same for mail", async () => {
    expect((await control("/sim/mail/fail", { method: "POST", body: '{"count": 1}' })).status).toBe(204);
    await expect(sendMail()).rejects.toMatchObject({ responseCode: 451 });
    await sendMail();
    expect(await (await control("/sim/mail")).json()).toEqual([expect.objectContaining({ subject: "Order DK7Q2M is paid" })]);
    expect((await control("/sim/mail", { method: "DELETE" })).status).toBe(204);
    expect(await (await control("/sim/mail")).json()).toEqual([]);
  });
});

describe("SMTP", () => {
  test("nodemailer with SMTP_URL delivers a parsed message", async () => {
    await sendMail();
    expect(sim.mails()).toEqual([
      {
        from: "shop@duka.test",
        to: ["amina@example.com", "orders@duka.test"],
        subject: "Order DK7Q2M is paid",
        text: "Asante! We have your payment of KES 1,200.",
        html: "<p>Asante! We have your payment of <b>KES 1,200</b>.</p>",
        // Not a marketing email: no one-click unsubscribe.
        listUnsubscribe: null,
        listUnsubscribePost: null,
        receivedAt: expect.any(String),
      },
    ]);
  });

  test("a wrong password is refused with 535", async () => {
    const url = new URL(sim.env.SMTP_URL!);
    url.password = "wrong";
    await expect(sendMail(url.toString())).rejects.toMatchObject({ responseCode: 535 });
    expect(sim.mails()).toEqual([]);
  });

  test("failNextMail(1) answers the first message 451, and the second arrives", async () => {
    sim.failNextMail(1);
    await expect(sendMail()).rejects.toMatchObject({ responseCode: 451 });
    await sendMail();
    expect(sim.mails()).toHaveLength(1);
  });
});

describe("waiting", () => {
  test("waitForSms and waitForMail resolve with what arrives, or already arrived", async () => {
    const sms = sim.waitForSms((m) => m.to.includes("+254700111222"), 2_000);
    await sendSms({ to: "+254712345678", message: "not this one" });
    await sendSms({ to: "+254700111222", message: "this one" });
    expect(await sms).toMatchObject({ message: "this one" });
    expect(await sim.waitForSms((m) => m.message === "not this one", 0)).toMatchObject({ to: "+254712345678" });

    const mail = sim.waitForMail((m) => m.subject.includes("DK7Q2M"));
    await sendMail();
    expect(await mail).toMatchObject({ to: expect.arrayContaining(["amina@example.com"]) });
  });

  test("they time out when nothing matching arrives", async () => {
    await sendSms({ to: "+254712345678", message: "Hello" });
    await expect(sim.waitForSms((m) => m.message === "Goodbye", 50)).rejects.toThrow("No SMS matching arrived within 50 ms");
    await expect(sim.waitForMail(() => true, 50)).rejects.toThrow("No mail matching arrived within 50 ms");
  });
});

test("a slow gateway takes the message on arrival and answers later, as when a shop is killed while it waits", async () => {
  const slow = await startNotifySim({ smsPort: 0, smtpPort: 0, answerDelayMs: 300 });
  try {
    const answered = fetch(`${slow.env.AT_BASE_URL}/version1/messaging`, {
      method: "POST",
      headers: { apiKey: slow.env.AT_API_KEY!, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: slow.env.AT_USERNAME!, to: "+254712345678", message: "On its way" }),
    });
    await slow.waitForSms((sms) => sms.message === "On its way", 200);
    const started = Date.now();
    expect((await answered).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThan(150);
  } finally {
    await slow.stop();
  }
});
