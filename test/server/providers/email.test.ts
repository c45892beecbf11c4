import { createServer, type AddressInfo, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../src/server/dev/mailCatcher';
import { CODE_EMAIL_SUBJECT, codeEmail } from '../../../src/server/notification/emails';
import { jobs } from '../../../src/server/platform/db/schema';
import { parseEmailFrom, parseSmtpUrl, smtpEmail } from '../../../src/server/providers/messaging/email';
import { loadSettings, type SettingsError } from '../../../src/server/settings';
import { PRODUCTION_ENV } from '../../support/productionEnv';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

/**
 * E-mail over SMTP, proven against real SMTP servers on loopback (smtp-server), never a mock: the
 * code e-mail arrives with its subject, text, HTML, From and To; the development catcher files it in
 * the outbox; a dead or silent server makes the send fail within its time-out, and the queue retries.
 */
const FROM = '"Sol de Casa" <nao-responda@example.com>';

interface Received { envelopeFrom: string; envelopeTo: string[]; user: string | undefined; mail: ParsedMail }

/** An SMTP server that requires a login and keeps what it receives. */
async function receivingServer(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true, // loopback, no certificate in a test
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'portal' && auth.password === 'p@ss:wörd') cb(null, { user: auth.username });
      else cb(new Error('invalid login'));
    },
    onData(stream, session, cb) {
      simpleParser(stream).then((mail) => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          mail,
        });
        cb();
      }).catch((e: Error) => cb(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise((r) => server.close(() => r())) };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** A server that accepts the connection and never says a word. */
async function silentServer(): Promise<{ port: number; server: Server }> {
  const sockets: import('node:net').Socket[] = [];
  const server = createServer((socket) => { sockets.push(socket); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  return { port: (server.address() as AddressInfo).port, server };
}

describe('settings', () => {
  test('SMTP_URL: smtp:// or smtps:// with encoded credentials; anything else is refused without repeating it', () => {
    expect(parseSmtpUrl('smtps://user%40example.com:s3cr%3At@smtp.example.com')).toEqual({
      host: 'smtp.example.com', port: 465, secure: true, user: 'user@example.com', pass: 's3cr:t',
    });
    expect(parseSmtpUrl('smtp://smtp.example.com')).toEqual({ host: 'smtp.example.com', port: 587, secure: false });
    expect(parseSmtpUrl('smtp://u:p@[::1]:2525')).toMatchObject({ host: '::1', port: 2525 });
    for (const bad of ['http://u:hunter2@example.com', 'smtp://u:hunter2@example.com/path', 'smtp://u:hunter2@example.com?tls=off', 'not a url hunter2', 'smtp://u:%E0%A4%A@x.com']) {
      expect(() => parseSmtpUrl(bad), bad).toThrow(/^SMTP_URL /);
      try {
        parseSmtpUrl(bad);
      } catch (e) {
        expect((e as Error).message).not.toContain('hunter2');
      }
    }
  });

  test('EMAIL_FROM: an address or "Name <address>"', () => {
    expect(parseEmailFrom('Sol de Casa <nao-responda@example.com>')).toBe(FROM);
    expect(parseEmailFrom('nao-responda@example.com')).toBe('nao-responda@example.com');
    for (const bad of ['Sol de Casa', 'Sol <nobody>', '<@example.com>', '']) expect(() => parseEmailFrom(bad), bad).toThrow(/EMAIL_FROM/);
  });

  test('EMAIL_PROVIDER: smtp needs SMTP_URL and EMAIL_FROM; outbox; unset: smtp with a URL, else the catcher outside production, refused in it', () => {
    const url = 'smtps://u:p@smtp.example.com';
    const dev = (env: Record<string, string>) => loadSettings({ APP_ENV: 'development', ...env });
    const problems = (env: Record<string, string>) => { try { loadSettings(env); return ''; } catch (e) { return (e as SettingsError).message; } };
    expect(loadSettings({ ...PRODUCTION_ENV, EMAIL_PROVIDER: 'smtp', SMTP_URL: url, EMAIL_FROM: FROM }).emailSetting).toMatchObject({ kind: 'smtp', from: FROM, target: { host: 'smtp.example.com' } });
    const { EMAIL_PROVIDER: _chosen, ...urlOnly } = PRODUCTION_ENV;
    expect(loadSettings({ ...urlOnly, SMTP_URL: url, EMAIL_FROM: FROM }).emailSetting).toMatchObject({ kind: 'smtp' });
    expect(problems({ APP_ENV: 'development', EMAIL_PROVIDER: 'smtp', EMAIL_FROM: FROM })).toMatch(/SMTP_URL: is required/);
    expect(problems({ APP_ENV: 'development', EMAIL_PROVIDER: 'smtp', SMTP_URL: url })).toMatch(/EMAIL_FROM: is required/);
    expect(problems({ APP_ENV: 'development', EMAIL_PROVIDER: 'sendgrid' })).toMatch(/EMAIL_PROVIDER: must be one of/);
    expect(problems({ APP_ENV: 'development', SMTP_URL: 'smtp://mail.example.com/path' })).toMatch(/SMTP_URL: has a path/);
    expect(problems({ APP_ENV: 'development', EMAIL_FROM: 'Sol de Casa' })).toMatch(/EMAIL_FROM: must be an address/);
    expect(dev({ EMAIL_PROVIDER: 'outbox', SMTP_URL: url }).emailSetting).toEqual({ kind: 'outbox' });
    expect(dev({}).emailSetting).toMatchObject({ kind: 'catcher', port: 0 });
    expect(dev({ MAIL_CATCHER_PORT: '2525', EMAIL_FROM: FROM }).emailSetting).toEqual({ kind: 'catcher', port: 2525, from: FROM });
    expect(problems({ APP_ENV: 'development', MAIL_CATCHER_PORT: '70000' })).toMatch(/MAIL_CATCHER_PORT/);
    expect(problems({ APP_ENV: 'development', MAIL_CATCHER_PORT: 'abc' })).toMatch(/MAIL_CATCHER_PORT/);
  });
});

describe('smtpEmail', () => {
  test('the code e-mail arrives with its subject, text, HTML, From and To, after logging in with the URL\'s credentials', async () => {
    const server = await receivingServer();
    try {
      const target = parseSmtpUrl(`smtp://portal:${encodeURIComponent('p@ss:wörd')}@127.0.0.1:${server.port}`);
      const provider = smtpEmail({ target, from: FROM, timeoutMs: 2000 });
      const email = codeEmail('482913');
      await provider.send({ to: 'cliente@example.com', ...email, code: '482913' });
      expect(server.received).toHaveLength(1);
      const [got] = server.received;
      expect(got!.user).toBe('portal');
      expect(got!.envelopeFrom).toBe('nao-responda@example.com');
      expect(got!.envelopeTo).toEqual(['cliente@example.com']);
      expect(got!.mail.subject).toBe(CODE_EMAIL_SUBJECT);
      expect(got!.mail.from?.value).toEqual([{ name: 'Sol de Casa', address: 'nao-responda@example.com' }]);
      expect(got!.mail.to && !Array.isArray(got!.mail.to) ? got!.mail.to.value : []).toEqual([{ name: '', address: 'cliente@example.com' }]);
      expect(got!.mail.text?.trim()).toBe(email.text.trim());
      expect(got!.mail.html).toBe(email.html);
      expect(got!.mail.attachments).toEqual([]);
    } finally {
      await server.close();
    }
  });

  test('wrong credentials, a dead server and a silent one make the send throw within its time-out', async () => {
    const server = await receivingServer();
    const silent = await silentServer();
    try {
      const email = { to: 'cliente@example.com', ...codeEmail('111111') };
      const wrongLogin = smtpEmail({ target: parseSmtpUrl(`smtp://portal:nope@127.0.0.1:${server.port}`), from: FROM, timeoutMs: 1000 });
      await expect(wrongLogin.send(email)).rejects.toThrow();
      for (const port of [await deadPort(), silent.port]) {
        const started = Date.now();
        await expect(smtpEmail({ target: { host: '127.0.0.1', port, secure: false }, from: FROM, timeoutMs: 300 }).send(email)).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(3000);
      }
      expect(server.received).toEqual([]);
    } finally {
      await server.close();
      await new Promise((r) => silent.server.close(r));
    }
  });
});

describe('the development catcher and the code e-mail job', () => {
  let s: TestServer;
  let catcher: MailCatcher;
  beforeAll(async () => {
    s = await createTestServer({ autoDrain: false });
    catcher = await startMailCatcher({ db: s.db, clock: s.clock, port: 0, keepCodes: true });
  });
  afterAll(async () => {
    await catcher.close();
    await s.close();
  });

  test('POST .../resend-login-code-by-email: the code goes by SMTP to the catcher, which files it in the outbox; the code signs in', async () => {
    s.deps.providers.email = smtpEmail({ target: { host: '127.0.0.1', port: catcher.port, secure: false }, from: FROM, timeoutMs: 2000 });
    const { phone, email } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone })).body).toEqual({ success: true });
    expect(await s.drainQueue()).toBe(1);
    const [mail] = await s.readOutbox(email);
    expect(mail).toMatchObject({ channel: 'email', to: email.toLowerCase() });
    expect(mail!.body.startsWith(`${CODE_EMAIL_SUBJECT}\n\nOlá,`)).toBe(true);
    expect(mail!.code).toMatch(/^\d{6}$/);
    expect(mail!.body).toContain(mail!.code);
    expect((await call(s, 'POST', '/portal/login', { phone, code: mail!.code })).status).toBe(200);
  });

  test('without keepCodes the catcher keeps the message but not the code', async () => {
    const quiet = await startMailCatcher({ db: s.db, clock: s.clock, port: 0, keepCodes: false });
    try {
      await smtpEmail({ target: { host: '127.0.0.1', port: quiet.port, secure: false }, from: FROM }).send({ to: 'Quiet@Example.com', ...codeEmail('654321') });
      const [mail] = await s.readOutbox('quiet@example.com');
      expect(mail).toMatchObject({ channel: 'email', to: 'quiet@example.com', code: null });
    } finally {
      await quiet.close();
    }
  });

  test('a dead SMTP server: the job fails within the time-out and is queued again with backoff; it is delivered once the server is back', async () => {
    const port = await deadPort();
    s.deps.providers.email = smtpEmail({ target: { host: '127.0.0.1', port, secure: false }, from: FROM, timeoutMs: 500 });
    const { phone, email } = await signUpNewCustomer(s);
    s.clock.advance(31_000);
    await call(s, 'POST', '/portal/customers/resend-login-code-by-email', { phone });
    const started = Date.now();
    expect(await s.drainQueue()).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    const [job] = await s.db.select().from(jobs).where(eq(jobs.kind, 'code.email')).orderBy(jobs.id).then((rows) => rows.slice(-1));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toBeTruthy();
    expect(await s.readOutbox(email)).toEqual([]);
    // the server is back: the retry, once due, delivers
    s.deps.providers.email = smtpEmail({ target: { host: '127.0.0.1', port: catcher.port, secure: false }, from: FROM, timeoutMs: 2000 });
    s.clock.advance(2_000);
    expect(await s.drainQueue()).toBe(1);
    const [mail] = await s.readOutbox(email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect((await call(s, 'POST', '/portal/login', { phone, code: mail!.code })).status).toBe(200);
  });
});
