import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_STATUSES } from '../../../src/shared/project/rules';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtInstallation, customerAtPlanChoice } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * The home's queues of sales and support: the final proposals to publish, the projects per status
 * and the customers' files nobody answered; each counted by the database, listed oldest first and
 * shown only to the role that works it.
 */
let s: TestServer;
const token = {} as Record<'sales' | 'support' | 'analyst', string>;
beforeAll(async () => {
  s = await createTestServer();
  for (const role of ['sales', 'support', 'analyst'] as const) token[role] = (await createStaff(s.db, s.clock, role, `${role}.queues.${process.pid}@empresa.com.br`, [role])).token;
});
afterAll(async () => { await s.close(); });

interface Summary { key: string; count: number; oldest: string | null; groups?: { key: string; count: number }[] }
interface Item { customer_id: number; customer_name: string; since: string; note: string | null }
const summaryOf = async (key: string) => ((await call(s, 'GET', '/admin/queues', undefined, { token: token.analyst })).body.data as Summary[]).find((q) => q.key === key)!;
const list = async (key: string, role: keyof typeof token, query = '') => {
  const r = await call(s, 'GET', `/admin/queues/${key}${query}`, undefined, { token: token[role] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: Item[]; total: number };
};
const ids = (l: { data: Item[] }) => l.data.map((i) => i.customer_id);

describe('GET /admin/queues/finalProposals', () => {
  test('customers whose visit was approved wait, oldest first, until their final proposal is published', async () => {
    const before = (await summaryOf('finalProposals')).count;
    const first = await customerAtPlanChoice(s);
    s.clock.advance(60_000);
    const second = await customerAtPlanChoice(s);
    expect((await summaryOf('finalProposals')).count).toBe(before + 2);
    const l = await list('finalProposals', 'sales');
    expect(ids(l).indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids(l).indexOf(first.id)).toBeLessThan(ids(l).indexOf(second.id));
    expect(ids(await list('finalProposals', 'sales', '?order=newest')).indexOf(second.id)).toBeLessThan(ids(await list('finalProposals', 'sales', '?order=newest')).indexOf(first.id));
    const published = await call(s, 'POST', `/admin/customers/${first.id}/proposal/final`, {}, { token: token.sales });
    expect([200, 201]).toContain(published.status);
    expect(ids(await list('finalProposals', 'sales'))).not.toContain(first.id);
    expect((await summaryOf('finalProposals')).count).toBe(before + 1);
  });
});

describe('GET /admin/queues/projects', () => {
  test('the summary counts the projects at each of the seven statuses; a status opens its list', async () => {
    const at = async () => new Map(((await summaryOf('projects')).groups ?? []).map((g) => [g.key, g.count]));
    const before = await at();
    expect([...before.keys()]).toEqual([...PROJECT_STATUSES]);
    const a = await customerAtInstallation(s);
    const b = await customerAtInstallation(s);
    // before the project opens (INSTALATION) it is in no status
    expect(await at()).toEqual(before);
    for (const c of [a, b]) expect((await call(s, 'PUT', `/admin/customers/${c.id}/project/status`, { status: 'PROJECT_IN_PREPARATION' }, { token: token.support })).status).toBe(200);
    expect((await call(s, 'PUT', `/admin/customers/${b.id}/project/status`, { status: 'PROJECT_SUBMITTED_TO_DEALERSHIP' }, { token: token.support })).status).toBe(200);
    const after = await at();
    expect(after.get('PROJECT_IN_PREPARATION')).toBe((before.get('PROJECT_IN_PREPARATION') ?? 0) + 1);
    expect(after.get('PROJECT_SUBMITTED_TO_DEALERSHIP')).toBe((before.get('PROJECT_SUBMITTED_TO_DEALERSHIP') ?? 0) + 1);
    const prep = await list('projects', 'support', '?status=PROJECT_IN_PREPARATION');
    expect(ids(prep)).toContain(a.id);
    expect(ids(prep)).not.toContain(b.id);
    expect(prep.data.find((i) => i.customer_id === a.id)?.note).toBe('PROJECT_IN_PREPARATION');
    const all = await list('projects', 'support');
    expect(ids(all)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await call(s, 'GET', '/admin/queues/projects?status=NADA', undefined, { token: token.support })).status).toBe(400);
  });
});

describe('GET /admin/queues/messages', () => {
  test('a customer who sent a file after the last mural message waits, oldest first, until the team answers', async () => {
    const send = async (c: { id: number; token: string; caseId: number | null }, name: string) => {
      const r = await upload(s, `/portal/customers_success/${c.caseId}/upload`, { bytes: fixture('photo-bill.png'), name }, { token: c.token });
      expect(r.status).toBe(201);
    };
    const first = await customerAtInstallation(s);
    const second = await customerAtInstallation(s);
    for (const c of [first, second]) await call(s, 'PUT', `/admin/customers/${c.id}/project/upload`, { available: true }, { token: token.support });
    const before = (await summaryOf('messages')).count;
    // the team wrote first: a message before any file leaves nothing to answer
    await call(s, 'POST', `/admin/customers/${second.id}/project/messages`, { message: 'Envie a foto do quadro.' }, { token: token.support });
    s.clock.advance(60_000);
    await send(first, 'quadro.png');
    s.clock.advance(60_000);
    await send(second, 'telhado.png');
    s.clock.advance(60_000);
    await send(first, 'medidor.png');
    expect((await summaryOf('messages')).count).toBe(before + 2);
    const l = await list('messages', 'support');
    expect(ids(l).indexOf(first.id)).toBeLessThan(ids(l).indexOf(second.id));
    expect(l.data.find((i) => i.customer_id === first.id)?.note).toBe('quadro.png, medidor.png');
    s.clock.advance(60_000);
    expect((await call(s, 'POST', `/admin/customers/${first.id}/project/messages`, { message: 'Recebemos, obrigado.' }, { token: token.support })).status).toBe(201);
    expect(ids(await list('messages', 'support'))).not.toContain(first.id);
    s.clock.advance(60_000);
    await send(first, 'novo.png');
    const again = await list('messages', 'support');
    expect(again.data.find((i) => i.customer_id === first.id)?.note).toBe('novo.png');
    // a later page of the same queue keeps its total
    const paged = await list('messages', 'support', '?page=2');
    expect(paged.total).toBe(again.total);
  });
});

describe('each queue to the role that works it', () => {
  test.each([
    ['finalProposals', 'sales', ['support', 'analyst']],
    ['projects', 'support', ['sales', 'analyst']],
    ['messages', 'support', ['sales', 'analyst']],
    ['bills', 'analyst', ['sales', 'support']],
  ] as const)('%s: %s may, the others are refused (4032)', async (key, may, mayNot) => {
    expect((await call(s, 'GET', `/admin/queues/${key}`, undefined, { token: token[may] })).status).toBe(200);
    for (const role of mayNot) expect((await call(s, 'GET', `/admin/queues/${key}`, undefined, { token: token[role] })).body).toMatchObject({ code: 4032 });
  });
});
