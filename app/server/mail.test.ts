import type { AddressInfo } from "node:net";
import os from "node:os";
import { SMTPServer } from "smtp-server";
import { afterEach, expect, test } from "vitest";
import { closeMail, sendMail } from "./mail.server";

// A login to the mail server crosses the network only inside TLS (issue 21): a server that cannot do STARTTLS
// never sees the password unless it is on this machine. The server here offers AUTH in plain text, as a
// man-in-the-middle stripping STARTTLS would.

type Seen = { logins: string[]; messages: number };
const servers: SMTPServer[] = [];

afterEach(async () => {
  closeMail();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function plainTextMailServer(): Promise<{ port: number; seen: Seen }> {
  const seen: Seen = { logins: [], messages: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      seen.logins.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume().on("end", () => {
        seen.messages += 1;
        callback();
      });
    },
  });
  servers.push(server);
  // Every address: the machine's name may lead to its loopback or to its network address.
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  return { port: (server.server.address() as AddressInfo).port, seen };
}

const message = { to: "wanjiru@example.com", subject: "Your order", text: "Hello", html: "<p>Hello</p>", fromName: "Duka" };

test("a mail server reached by name that offers no STARTTLS is never sent the password", async () => {
  const { port, seen } = await plainTextMailServer();
  const outcome = await sendMail({ smtpUrl: `smtp://shop:secret@${os.hostname()}:${port}`, from: "shop@example.com" }, message);
  expect(outcome).toMatchObject({ kind: "retry", reason: expect.stringMatching(/STARTTLS/) });
  expect(seen).toEqual({ logins: [], messages: 0 });
});

test("a mail server on this machine may take the login without TLS", async () => {
  const { port, seen } = await plainTextMailServer();
  const outcome = await sendMail({ smtpUrl: `smtp://shop:secret@127.0.0.1:${port}`, from: "shop@example.com" }, message);
  expect(outcome).toMatchObject({ kind: "sent" });
  expect(seen).toEqual({ logins: ["shop:secret"], messages: 1 });
});
