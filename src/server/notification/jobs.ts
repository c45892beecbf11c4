import { eq } from 'drizzle-orm';
import type { AppDeps } from '../config';
import { customers } from '../platform/db/schema';
import type { JobHandler } from '../platform/queue/queue';
import { isEmailNoticeKey, noticeEmail } from './emails';
import { EMAIL_NOTICE_JOB } from './service';

const stringValues = (raw: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(raw && typeof raw === 'object' ? raw : {}).map(([k, v]) => [k, String(v)]));

/**
 * The queue's e-mail jobs: a notice's e-mail, rendered from its template and sent to the
 * customer's address as it is when the job runs. An erased account (or none) gets nothing; a
 * provider failure throws, so the queue retries with backoff.
 */
export function emailJobs(deps: Pick<AppDeps, 'db' | 'providers' | 'publicOrigin'>): Record<string, JobHandler> {
  return {
    [EMAIL_NOTICE_JOB]: async (payload) => {
      const template = String(payload.template);
      if (!isEmailNoticeKey(template)) throw new Error(`no e-mail template ${template}`);
      const [customer] = await deps.db.select({ email: customers.email, deletedAt: customers.deletedAt }).from(customers)
        .where(eq(customers.id, Number(payload.customer_id)));
      if (!customer || customer.deletedAt || !customer.email) return;
      const email = noticeEmail({ template, values: stringValues(payload.values) }, deps.publicOrigin);
      await deps.providers.email.send({ to: customer.email.toLowerCase(), ...email });
    },
  };
}
