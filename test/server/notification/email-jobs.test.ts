import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customers, jobs, notifications } from '../../../src/server/platform/db/schema';
import { emailJobs } from '../../../src/server/notification/jobs';
import { EMAIL_NOTICE_JOB, notify } from '../../../src/server/notification/service';
import { bySystem, moveProcess } from '../../../src/server/process/host';
import type { EmailMessage } from '../../../src/server/providers/messaging/index';
import { aJob, createTestServer, type TestServer } from '../../support/server';
import { call, signUpCustomerWithId, staffTokenOf } from '../../support/flows';

/**
 * A notice that goes by e-mail queues its e-mail in the notice's own transaction; the worker renders
 * the template and sends it to the customer's address as it is then. An erased account gets nothing.
 */
let s: TestServer;
let staffToken: string;
const sent: EmailMessage[] = [];
beforeAll(async () => {
  s = await createTestServer({
    providers: (local) => ({ email: { name: 'recording', send: async (m) => { sent.push(m); await local.email.send(m); } } }),
  });
  s.deps.publicOrigin = 'https://portal.example';
  staffToken = (await staffTokenOf(s)).token;
});
afterAll(async () => { await s.close(); });

const emailOf = async (id: number) => (await s.db.select({ email: customers.email }).from(customers).where(eq(customers.id, id)))[0]!.email;

describe('notices by e-mail', () => {
  test('a staff message: the bell has the text, the e-mail only says there is a message, with the link to the portal', async () => {
    const c = await signUpCustomerWithId(s);
    const res = await call(s, 'POST', `/admin/customers/${c.id}/notifications`, { message: 'Sua conta 1234 precisa de atenção' }, { token: staffToken });
    expect(res.status).toBe(201);
    const email = await emailOf(c.id);
    const [mail] = await s.readOutbox(email);
    expect(mail).toMatchObject({ channel: 'email', code: null });
    expect(mail!.body).toMatch(/^Você tem uma nova mensagem\n\nOlá,/);
    expect(mail!.body).toContain('https://portal.example/pt/login');
    expect(mail!.body).not.toContain('1234');
    const html = sent.find((m) => m.to === email)!.html;
    expect(html).toContain('href="https://portal.example/pt/login"');
    expect(html).not.toContain(c.phone);
  });

  test('the process\'s notices: the initial proposal the approved bill sends goes by e-mail', async () => {
    const c = await signUpCustomerWithId(s);
    for (const type of ['simulation.done', 'bill.submitted', 'bill.approved'] as const) {
      await moveProcess(s.db, s.deps, c.id, { type }, { by: bySystem });
    }
    await s.drainQueue();
    const subjects = (await s.readOutbox(await emailOf(c.id))).map((m) => m.body.split('\n')[0]);
    expect(subjects).toContain('Sua proposta inicial está disponível');
  });

  test('the job is written in the notice\'s transaction: a rolled-back notice queues nothing', async () => {
    const c = await signUpCustomerWithId(s);
    const before = await s.db.select().from(jobs).where(eq(jobs.kind, EMAIL_NOTICE_JOB));
    await s.db.transaction(async (tx) => {
      await notify(tx, s.clock, c.id, 'x', { template: 'notification.proposal.final' });
      tx.rollback();
    }).catch(() => undefined);
    expect(await s.db.select().from(jobs).where(eq(jobs.kind, EMAIL_NOTICE_JOB))).toHaveLength(before.length);
    expect(await s.db.select().from(notifications).where(eq(notifications.customerId, c.id))).toEqual([]);
    await notify(s.db, s.clock, c.id, 'x', { template: 'notification.proposal.final' });
    const queued = await s.db.select().from(jobs).where(and(eq(jobs.kind, EMAIL_NOTICE_JOB), eq(jobs.status, 'queued')));
    // the job names the customer, never the address
    expect(queued.map((j) => j.payload)).toContainEqual({ customer_id: c.id, template: 'notification.proposal.final', values: {} });
    await s.drainQueue();
    expect((await s.readOutbox(await emailOf(c.id)))[0]?.body).toMatch(/^Sua proposta final está disponível/);
  });

  test('the address is read when the job runs; an erased account gets nothing; an unknown template fails the job', async () => {
    const c = await signUpCustomerWithId(s);
    const handle = emailJobs(s.deps)[EMAIL_NOTICE_JOB]!;
    await s.db.update(customers).set({ email: `novo.${c.id}@example.com` }).where(eq(customers.id, c.id));
    await handle({ customer_id: c.id, template: 'notification.visit.confirmed', values: { when: '24/11/2026 às 09:00' } }, aJob());
    expect((await s.readOutbox(`novo.${c.id}@example.com`))[0]?.body).toContain('Sua visita técnica está confirmada para 24/11/2026 às 09:00.');
    const count = sent.length;
    await s.db.update(customers).set({ deletedAt: s.clock.now() }).where(eq(customers.id, c.id));
    await handle({ customer_id: c.id, template: 'notification.visit.confirmed', values: {} }, aJob());
    await handle({ customer_id: 999_999_999, template: 'notification.visit.confirmed', values: {} }, aJob());
    expect(sent).toHaveLength(count);
    await expect(handle({ customer_id: c.id, template: 'notification.unknown' }, aJob())).rejects.toThrow(/no e-mail template/);
  });
});
