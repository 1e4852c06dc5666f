import { isLocalHostName } from "./network-address";

// How the shop reaches its mail server, from SMTP_URL (`smtp://user:pass@host:587`; `smtps://` for TLS from the
// start). A password crosses the network only inside TLS: a plain smtp:// address with a login must upgrade with
// STARTTLS (and refuses to log in when the server does not offer it), except to a server on this machine, such
// as a local relay or the development stand-in, where nothing crosses a network.

export type SmtpServer = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://). */
  secure: boolean;
  /** Send nothing, the login included, until STARTTLS has succeeded. */
  requireTLS: boolean;
  auth?: { user: string; pass: string };
};

/** IPv4 127.0.0.0/8, IPv6 ::1 and the IPv4-mapped 127 addresses (as URLs write them), and localhost names. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return isLocalHostName(host) || /^127(?:\.\d{1,3}){3}$/.test(host) || host === "::1" || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

export function smtpServer(url: string): SmtpServer {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const auth = parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined;
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    requireTLS: !secure && auth !== undefined && !isLoopback(parsed.hostname),
    auth,
  };
}
