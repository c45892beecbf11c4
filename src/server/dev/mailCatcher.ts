import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Clock } from '../config';
import type { Db } from '../platform/db/index';
import { outbox } from '../platform/db/schema';
import { codeOfEmail } from '../notification/emails';
import { outboxBodyOfEmail } from '../providers/messaging/index';

/** What the catcher keeps of a message: the largest message it takes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface MailCatcher {
  /** the port it listens on, on 127.0.0.1 */
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server for local use and tests (never production): listens on 127.0.0.1 only, takes
 * any message without authentication, and writes each recipient's copy into the outbox table
 * (channel 'email', the subject and plain text as body) so GET /dev/outbox shows e-mails as it shows
 * SMS. The code of a code e-mail is kept in the row only with `keepCodes` (development).
 */
export async function startMailCatcher(opts: { db: Db; clock: Clock; port?: number; keepCodes: boolean; log?: (m: string) => void }): Promise<MailCatcher> {
  const server = new SMTPServer({
    name: 'mail-catcher.localhost',
    banner: 'development mail catcher',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then(async (mail) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) throw Object.assign(new Error('message too large'), { responseCode: 552 });
          const subject = mail.subject ?? '';
          const text = mail.text ?? '';
          const code = opts.keepCodes ? codeOfEmail(subject, text) : null;
          for (const to of recipients) {
            await opts.db.insert(outbox).values({ channel: 'email', to, body: outboxBodyOfEmail({ subject, text }), code, createdAt: opts.clock.now() });
          }
          callback();
        })
        .catch((e: unknown) => {
          opts.log?.(`mail catcher: a message was refused (${e instanceof Error ? e.message : String(e)})`);
          callback(e instanceof Error ? e : new Error(String(e)));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => opts.log?.(`mail catcher: ${e.message}`));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
