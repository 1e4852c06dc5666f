import { randomBytes } from "node:crypto";
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/**
 * Local stand-ins for the notifications of issue 12: Africa's Talking's SMS API (POST /version1/messaging, answering
 * with its own shapes and status codes) and an SMTP server, both keeping what they receive in memory. Failures can be
 * asked for in-process or over HTTP (/sim/…), since the shop's browser tests run the shop in another process.
 * `npm run notify:sim` runs it on NOTIFY_SIM_SMS_PORT (default 4020) and NOTIFY_SIM_SMTP_PORT (default 2525).
 */

export type NotifySimOptions = {
  smsPort?: number;
  smtpPort?: number;
  username?: string;
  apiKey?: string;
  smtpUser?: string;
  smtpPassword?: string;
  /** Where to say what arrived (the command line prints it; tests stay quiet). */
  log?: (line: string) => void;
  /**
   * How long the gateway takes to answer an SMS it has already taken (recorded on arrival), as a slow network
   * would: a shop killed meanwhile has sent the message without learning so (the crash benchmark).
   */
  answerDelayMs?: number;
};

/** An SMS request the gateway accepted, whatever became of its recipients; `to` as sent (numbers comma-separated). */
export type SmsRecord = { receivedAt: string; username: string; to: string; message: string; from?: string };

export type MailRecord = {
  from: string;
  /** The envelope's recipients, so Bcc shows too. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The one-click unsubscribe headers of a marketing email (RFC 8058), when it has them. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  receivedAt: string;
};

/** "error" answers 500; "timeout" reads the request and never answers; "refuse" drops the connection unanswered. */
export type SmsFailure = "error" | "timeout" | "refuse";

export type NotifySim = {
  smsBaseUrl: string;
  smtpUrl: string;
  /** Exactly the variables the shop reads. */
  env: Record<string, string>;
  smsMessages(): SmsRecord[];
  mails(): MailRecord[];
  failNext(count: number, how: SmsFailure): void;
  /** The next messages are answered 451, a temporary error a mailer should retry later. */
  failNextMail(count: number): void;
  /** Forgets what arrived and any failures still queued, so tests start afresh. */
  clear(): void;
  /** The first SMS (already arrived or still to come) the predicate accepts. */
  waitForSms(predicate: (sms: SmsRecord) => boolean, timeoutMs?: number): Promise<SmsRecord>;
  waitForMail(predicate: (mail: MailRecord) => boolean, timeoutMs?: number): Promise<MailRecord>;
  stop(): Promise<void>;
};

const HOST = "127.0.0.1";
const MAIL_FROM = "shop@duka.test";
const SMS_FAILURES: readonly SmsFailure[] = ["error", "timeout", "refuse"];
const COST_PER_SMS = 0.8;
const PHONE = /^\+\d{10,15}$/;

class PlainError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Waiter<T> = { predicate: (item: T) => boolean; resolve: (item: T) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** What arrived of one kind, and the tests waiting for something to arrive. */
function inbox<T>(noun: string) {
  const items: T[] = [];
  const waiters = new Set<Waiter<T>>();
  return {
    items,
    add(item: T) {
      items.push(item);
      for (const waiter of waiters) {
        if (!waiter.predicate(item)) continue;
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(item);
      }
    },
    waitFor(predicate: (item: T) => boolean, timeoutMs = 2_000): Promise<T> {
      const arrived = items.find(predicate);
      if (arrived !== undefined) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const waiter: Waiter<T> = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`No ${noun} matching arrived within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    stop() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`The simulator stopped while a test waited for a ${noun}`));
      }
      waiters.clear();
    },
  };
}

async function readBody(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const body: unknown = JSON.parse((await readBody(request)) || "{}");
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below, like any other body that is not a JSON object
  }
  throw new PlainError(400, "Expected a JSON object");
}

function answerJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function failureCount(value: unknown) {
  const count = value ?? 1;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1) throw new PlainError(400, "count must be a whole number from 1");
  return count;
}

/** Africa's Talking's answer for one recipient: 101 is sent; a failed one costs nothing and has no message id. */
function recipient(number: string) {
  const failed = (statusCode: number, status: string) => ({ statusCode, number, status, cost: "0", messageId: "None" });
  if (!PHONE.test(number)) return failed(403, "InvalidPhoneNumber");
  // The customer has sent STOP to the sender: a real outcome the shop must tolerate.
  if (number.endsWith("0000")) return failed(406, "UserInBlacklist");
  return {
    statusCode: 101,
    number,
    status: "Success",
    cost: `KES ${COST_PER_SMS.toFixed(4)}`,
    messageId: `ATXid_${randomBytes(16).toString("hex")}`,
  };
}

export async function startNotifySim(options: NotifySimOptions = {}): Promise<NotifySim> {
  const username = options.username ?? "sandbox";
  const apiKey = options.apiKey ?? "sim-at-key";
  const smtpUser = options.smtpUser ?? "duka";
  const smtpPassword = options.smtpPassword ?? "sim-password";
  const log = options.log ?? (() => {});
  const answerDelayMs = options.answerDelayMs ?? 0;

  const sms = inbox<SmsRecord>("SMS");
  const mail = inbox<MailRecord>("mail");
  const smsFailures: SmsFailure[] = [];
  let mailFailures = 0;

  function failNext(count: number, how: SmsFailure) {
    for (let i = 0; i < count; i++) smsFailures.push(how);
  }

  async function messaging(request: http.IncomingMessage, response: http.ServerResponse) {
    const failure = smsFailures.shift();
    if (failure === "refuse") {
      request.socket.destroy();
      log("SMS request refused (connection dropped), as asked");
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    if (failure === "timeout") {
      log("SMS request left unanswered, as asked");
      return; // stop() closes the connection
    }
    if (failure === "error") throw new PlainError(500, "Internal Server Error");
    if (form.get("username") !== username || request.headers.apikey !== apiKey) {
      throw new PlainError(401, "The supplied authentication is invalid");
    }
    for (const field of ["to", "message"]) {
      if (!form.get(field)) throw new PlainError(400, `Request is missing required form field '${field}'`);
    }
    // Without it the real service answers XML, which a shop parsing JSON would only discover in production.
    if (!request.headers.accept?.includes("application/json")) {
      throw new PlainError(406, "Send Accept: application/json (Africa's Talking answers XML otherwise)");
    }
    const to = form.get("to")!;
    const message = form.get("message")!;
    const from = form.get("from") ?? undefined;
    const recipients = to.split(",").map((number) => recipient(number.trim()));
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    sms.add({ receivedAt: new Date().toISOString(), username, to, message, from });
    log(`SMS to ${recipients.map((r) => `${r.number} (${r.status})`).join(", ")}${from ? ` from ${from}` : ""}: ${message}`);
    if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    answerJson(response, 201, {
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: ${sent ? `KES ${(sent * COST_PER_SMS).toFixed(4)}` : "0"}`,
        Recipients: recipients,
      },
    });
  }

  async function route(request: http.IncomingMessage, response: http.ServerResponse) {
    const at = `${request.method} ${new URL(request.url ?? "/", "http://simulator").pathname}`;
    if (at === "POST /version1/messaging") return messaging(request, response);
    if (at === "GET /sim/sms") return answerJson(response, 200, sms.items);
    if (at === "GET /sim/mail") return answerJson(response, 200, mail.items);
    if (at === "DELETE /sim/sms") {
      sms.items.length = 0;
      smsFailures.length = 0;
      response.writeHead(204).end();
      return;
    }
    if (at === "DELETE /sim/mail") {
      mail.items.length = 0;
      mailFailures = 0;
      response.writeHead(204).end();
      return;
    }
    if (at === "POST /sim/sms/fail") {
      const { count, how } = await readJson(request);
      if (!SMS_FAILURES.includes(how as SmsFailure)) throw new PlainError(400, `how must be one of ${SMS_FAILURES.join(", ")}`);
      failNext(failureCount(count), how as SmsFailure);
      response.writeHead(204).end();
      return;
    }
    if (at === "POST /sim/mail/fail") {
      mailFailures += failureCount((await readJson(request)).count);
      response.writeHead(204).end();
      return;
    }
    throw new PlainError(404, "Not Found");
  }

  const server = http.createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (!(error instanceof PlainError)) log(`${request.method} ${request.url} failed: ${String(error)}`);
      response.writeHead(error instanceof PlainError ? error.status : 500, { "Content-Type": "text/plain" });
      response.end(error instanceof PlainError ? error.message : "Internal Server Error");
    });
  });

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    if (mailFailures > 0) {
      mailFailures--;
      // The client is still sending: read it all before answering, or the connection stalls.
      stream.resume();
      await new Promise((resolve) => stream.on("end", resolve));
      log("mail refused with 451, as asked");
      throw Object.assign(new Error("Requested action aborted: local error in processing"), { responseCode: 451 });
    }
    const parsed = await simpleParser(stream);
    const to = session.envelope.rcptTo.map((address) => address.address);
    mail.add({
      from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
      to,
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : null,
      listUnsubscribe: parsed.headerLines.find((line) => line.key === "list-unsubscribe")?.line.replace(/^[^:]*:\s*/, "") ?? null,
      listUnsubscribePost: parsed.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line.replace(/^[^:]*:\s*/, "") ?? null,
      receivedAt: new Date().toISOString(),
    });
    log(`mail to ${to.join(", ")}: ${parsed.subject ?? "(no subject)"}`);
  }

  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: false,
    authMethods: ["PLAIN", "LOGIN"],
    // smtp-server only offers AUTH over TLS unless told otherwise; this one is local and plain.
    allowInsecureAuth: true,
    // A reverse lookup of 127.0.0.1 can take seconds where DNS is slow, and tells us nothing.
    disableReverseLookup: true,
    logger: false,
    // stop() should not wait the default 30 s for a mailer's pooled connection to go.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpUser && auth.password === smtpPassword) return callback(null, { user: smtpUser });
      callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      receive(stream, session).then(() => callback(), callback);
    },
  });
  // Without a listener, a client hanging up mid-session would crash the process.
  smtp.on("error", (error) => log(`SMTP: ${error.message}`));

  async function stop() {
    sms.stop();
    mail.stop();
    await Promise.all([
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Also ends the requests left unanswered on purpose.
        server.closeAllConnections();
      }),
      new Promise<void>((resolve) => smtp.close(() => resolve())),
    ]);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.smsPort ?? 0, HOST, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(options.smtpPort ?? 0, HOST, () => resolve());
  }).catch(async (error: unknown) => {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  });

  const smsBaseUrl = `http://${HOST}:${(server.address() as { port: number }).port}`;
  const credentials = `${encodeURIComponent(smtpUser)}:${encodeURIComponent(smtpPassword)}`;
  const smtpUrl = `smtp://${credentials}@${HOST}:${(smtp.server.address() as { port: number }).port}`;
  return {
    smsBaseUrl,
    smtpUrl,
    env: { AT_USERNAME: username, AT_API_KEY: apiKey, AT_BASE_URL: smsBaseUrl, SMTP_URL: smtpUrl, MAIL_FROM },
    smsMessages: () => [...sms.items],
    mails: () => [...mail.items],
    failNext,
    failNextMail(count) {
      mailFailures += count;
    },
    clear() {
      sms.items.length = 0;
      mail.items.length = 0;
      smsFailures.length = 0;
      mailFailures = 0;
    },
    waitForSms: sms.waitFor,
    waitForMail: mail.waitFor,
    stop,
  };
}

async function main() {
  const simulator = await startNotifySim({
    smsPort: Number(process.env.NOTIFY_SIM_SMS_PORT ?? 4020),
    smtpPort: Number(process.env.NOTIFY_SIM_SMTP_PORT ?? 2525),
    log: (line) => console.log(`${new Date().toLocaleTimeString()} ${line}`),
  });
  console.log(`SMS gateway (Africa's Talking) on ${simulator.smsBaseUrl}, SMTP on ${simulator.smtpUrl}. Point the shop at them with:
`);
  for (const [name, value] of Object.entries(simulator.env)) console.log(`export ${name}=${value}`);
  console.log(`
See what arrived: curl ${simulator.smsBaseUrl}/sim/sms and curl ${simulator.smsBaseUrl}/sim/mail (DELETE to clear).`);
  const stop = () => void simulator.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1]?.endsWith("notify-sim.ts")) await main();
