import nodemailer, { type Transporter } from "nodemailer";
import type { SendOutcome } from "~/domain/sms-gateway";
import { smtpServer } from "~/domain/smtp";
import type { MailConfig } from "./config.server";
import { SEND_TIMEOUT_MS } from "./sms.server";

let transport: { url: string; transporter: Transporter } | undefined;

/** One pooled SMTP connection per configured server; a login goes only over TLS unless the server is this machine. */
function transporterFor(mail: MailConfig): Transporter {
  if (transport?.url !== mail.smtpUrl) {
    transport?.transporter.close();
    transport = {
      url: mail.smtpUrl,
      transporter: nodemailer.createTransport({
        ...smtpServer(mail.smtpUrl),
        pool: true,
        maxConnections: 2,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      }),
    };
  }
  return transport.transporter;
}

export type Mail = { to: string; subject: string; text: string; html: string; fromName: string; headers?: Record<string, string> };

/**
 * Sends one email over SMTP (issue 12), from the shop's name at MAIL_FROM: the one place the shop reaches its
 * mail server. Never throws: a 5xx answer about the recipient is a refusal, anything else is tried again.
 */
export async function sendMail(mail: MailConfig, message: Mail): Promise<SendOutcome> {
  try {
    const info = await transporterFor(mail).sendMail({
      from: { name: message.fromName, address: mail.from },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
    return { kind: "sent", providerId: info.messageId };
  } catch (error) {
    const { responseCode, message: text } = error as { responseCode?: number; message: string };
    const reason = `The mail server refused the message: ${text.replace(/\s+/g, " ").slice(0, 200)}`;
    // 550–553: the mailbox does not exist or may not receive; a later try would meet the same answer.
    return responseCode !== undefined && responseCode >= 550 && responseCode <= 553 ? { kind: "refused", reason } : { kind: "retry", reason };
  }
}

/** Closes the pooled connection, as the shop closes. */
export function closeMail(): void {
  transport?.transporter.close();
  transport = undefined;
}
