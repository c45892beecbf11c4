import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import { BRAND_NAME } from '#shared/brand';
import type { EmailProvider } from './index';

/**
 * E-mail over SMTP (nodemailer), and the e-mail settings read from the environment:
 * - EMAIL_PROVIDER: `smtp` (SMTP_URL and EMAIL_FROM required) or `outbox` (the local stand-in, rows
 *   in the outbox table); unset means `smtp` when SMTP_URL is given, otherwise, outside production,
 *   the development mail catcher (src/server/dev/mailCatcher.ts: a real SMTP server on 127.0.0.1
 *   whose mail lands in the outbox), and in production the outbox (which production refuses).
 * - SMTP_URL: smtp://user:password@host:port (STARTTLS, required unless the host is loopback) or
 *   smtps://user:password@host:port (TLS from the first byte); user and password URL-encoded.
 * - EMAIL_FROM: `Name <address>` or a bare address.
 * - MAIL_CATCHER_PORT: the catcher's port (default 0: any free port).
 */

/** Where and as whom to send: SMTP_URL parsed. */
export interface SmtpTarget {
  host: string;
  port: number;
  /** smtps: TLS from the first byte; smtp: STARTTLS */
  secure: boolean;
  user?: string;
  pass?: string;
}

/** Connection, greeting and idle-socket time-out: a send never waits long on a dead or slow server. */
export const SMTP_TIMEOUT_MS = 5_000;

const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$|^[^\s@<>()",;:]+@localhost$/i;

/** SMTP_URL: smtp:// or smtps:// with an optional user:password and port; refuses anything else (and never repeats the value, which may hold a password). */
export function parseSmtpUrl(raw: string): SmtpTarget {
  const refuse = (why: string) => new Error(`SMTP_URL ${why}: it must read smtp://user:password@host:port or smtps://user:password@host:port`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('is not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw refuse('has another scheme');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw refuse('names no host');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) throw refuse('has a path or query, which nothing reads');
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw refuse('has a badly encoded user or password');
    }
  };
  return {
    host, port, secure,
    ...(url.username ? { user: decode(url.username) } : {}),
    ...(url.password ? { pass: decode(url.password) } : {}),
  };
}

/** EMAIL_FROM: `Name <address>` or `address`; refused when no address can be read. */
export function parseEmailFrom(raw: string): string {
  const value = raw.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  const address = (named ? named[2] : value)?.trim() ?? '';
  if (!ADDRESS.test(address)) throw new Error('EMAIL_FROM must be an address or "Name <address>", e.g. "Sol de Casa <nao-responda@example.com>"');
  const name = named?.[1]?.trim().replace(/^"(.*)"$/, '$1');
  return name ? `"${name.replace(/"/g, '')}" <${address}>` : address;
}

const isLoopback = (host: string): boolean =>
  host === 'localhost' || (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';

/**
 * Sends through an SMTP server. Each send opens its own connection, bounded by `timeoutMs` to
 * connect, to be greeted and between bytes, and by four times that overall: a dead or stalled
 * server makes the send throw (the queue retries) instead of holding the worker. Over smtp:// to
 * another machine STARTTLS is required, so neither the password nor a code travels in clear.
 */
export function smtpEmail(opts: { target: SmtpTarget; from: string; timeoutMs?: number }): EmailProvider {
  const { target } = opts;
  const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: target.secure,
    requireTLS: !target.secure && !isLoopback(target.host),
    ...(target.user ? { auth: { user: target.user, pass: target.pass ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    async send(m) {
      let timer: NodeJS.Timeout | undefined;
      const sending = transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      sending.catch(() => undefined); // a send given up on below may still fail later
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`SMTP server did not take the message within ${(4 * timeout) / 1000} s`)), 4 * timeout);
      });
      try {
        await Promise.race([sending, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** What e-mail the settings chose (settings.ts decides; see the top of this file). */
export type EmailSetting =
  | { kind: 'smtp'; target: SmtpTarget; from: string }
  | { kind: 'outbox' }
  | { kind: 'catcher'; from: string; port: number };

/** The From of the development catcher's mail when EMAIL_FROM is not given. */
export const DEV_EMAIL_FROM = `"${BRAND_NAME}" <nao-responda@localhost>`;
