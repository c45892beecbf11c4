import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { FAQ_ENTRIES } from '#shared/faq/rules';
import { messages } from '#shared/messages';
import { faqEntries } from '../../../src/server/platform/db/schema';
import { sanitiseFaqHtml } from '../../../src/server/faq/sanitise';
import { createStaff } from '../../../src/server/staff/service';
import { createApp } from '../../../src/server/app';
import { EXAMPLE_COMPANY } from '../../../src/server/settings';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';

/**
 * The FAQ the admins keep (spec §2 'Preciso de atendimento', §7 GET /faq): GET /faq serves the
 * table (seeded once from the starting questions), admins list, add, change, remove and order the
 * questions, every write is audited, and an answer keeps only text markup and safe links both when
 * it is stored and when it is served.
 */
let s: TestServer;
let admin: string;
let support: string;
let customer: string;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await createStaff(s.db, s.clock, 'Admin', `admin.faq.${process.pid}@empresa.com.br`, ['admin'])).token;
  support = (await createStaff(s.db, s.clock, 'Suporte', `suporte.faq.${process.pid}@empresa.com.br`, ['support', 'analyst', 'sales', 'scheduler'])).token;
  customer = (await signUpNewCustomer(s)).token;
});
afterAll(async () => { await s.close(); });

type Entry = { id: number; question: string; answer_html: string; position: number; updated_by: number | null };
type Public = { id: number; title: string; description: string };
const asAdmin = (method: string, path: string, body?: unknown) => call(s, method, `/admin/faq${path}`, body, { token: admin });
const publicFaq = async () => (await call(s, 'GET', '/faq')).body.data as Public[];

const DANGEROUS = '<p onclick="steal()">Olá <strong>mundo</strong><script>alert(1)</script></p>'
  + '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">clique</a> <a href="https://exemplo.com.br" target="_self" onmouseover="x()">site</a>'
  + '<iframe src="https://mal.example"></iframe><style>body{display:none}</style><a href="data:text/html,oi">dados</a>';

function expectHarmless(html: string): void {
  expect(html).not.toMatch(/<script|<img|<iframe|<style|onerror|onclick|onmouseover|javascript:|data:/i);
}

describe('GET /faq', () => {
  test('seeded once from the starting questions, in order, with its Cache-Control', async () => {
    const r = await call(s, 'GET', '/faq');
    expect(r.status).toBe(200);
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=300');
    const data = r.body.data as Public[];
    expect(data.map((e) => e.title)).toEqual(FAQ_ENTRIES.map((e) => e.title));
    // a second read does not seed again
    expect(await publicFaq()).toHaveLength(FAQ_ENTRIES.length);
    // links keep their target and open apart from the portal
    expect(data.find((e) => e.title.includes('passar do prazo'))?.description)
      .toContain('<a href="https://www.gov.br/aneel" target="_blank" rel="noopener noreferrer">');
  });

  test('a row written to the table some other way is sanitised on the way out', async () => {
    const [row] = await s.db.insert(faqEntries).values({ question: 'Pergunta escrita direto no banco?', answerHtml: DANGEROUS, position: 999, updatedAt: s.clock.now() }).returning();
    try {
      const served = (await publicFaq()).find((e) => e.id === row!.id);
      expect(served?.description).toBeDefined();
      expectHarmless(served!.description);
      expect(served!.description).toContain('Olá <strong>mundo</strong>');
      expect(served!.description).toContain('<a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">site</a>');
      expect(served!.description).toContain('clique');
    } finally {
      await s.db.delete(faqEntries).where(eq(faqEntries.id, row!.id));
    }
  });
});

describe('the admins keep the FAQ', () => {
  test('add: sanitised before it is kept, last in the list, audited', async () => {
    const r = await asAdmin('POST', '', { question: '  Vocês atendem sítios?  ', answer_html: `<p>Sim.</p><ul><li><b>Energia</b></li><li><i>rural</i></li></ul>${DANGEROUS}` });
    expect(r.status).toBe(201);
    const created = r.body as unknown as Entry;
    expect(created.question).toBe('Vocês atendem sítios?');
    expectHarmless(created.answer_html);
    expect(created.answer_html).toContain('<ul><li><strong>Energia</strong></li><li><em>rural</em></li></ul>');
    // what is stored is what was returned: clean before it is kept
    const [stored] = await s.db.select().from(faqEntries).where(eq(faqEntries.id, created.id));
    expect(stored?.answerHtml).toBe(created.answer_html);
    expectHarmless(stored!.answerHtml);

    const list = (await asAdmin('GET', '')).body.data as Entry[];
    expect(list.at(-1)).toMatchObject({ id: created.id, question: 'Vocês atendem sítios?' });
    expect((await publicFaq()).at(-1)).toMatchObject({ id: created.id, title: 'Vocês atendem sítios?' });

    const trail = await call(s, 'GET', '/admin/audit?action=faq:create', undefined, { token: admin });
    expect(trail.body.data).toContainEqual(expect.objectContaining({
      action: 'faq:create', before: null, after: expect.objectContaining({ id: created.id, question: 'Vocês atendem sítios?' }),
    }));
  });

  test('change: new wording kept and served, audited with before and after', async () => {
    const first = ((await asAdmin('GET', '')).body.data as Entry[])[0]!;
    const r = await asAdmin('PUT', `/${first.id}`, { question: 'A assinatura tem fidelidade?', answer_html: '<p>Não. <a href="mailto:ajuda@exemplo.com.br">Escreva-nos</a>.</p>' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: first.id, question: 'A assinatura tem fidelidade?', position: first.position, updated_by: expect.any(Number) });
    expect((await publicFaq())[0]).toEqual({
      id: first.id, title: 'A assinatura tem fidelidade?', description: '<p>Não. <a href="mailto:ajuda@exemplo.com.br" target="_blank" rel="noopener noreferrer">Escreva-nos</a>.</p>',
    });
    const trail = await call(s, 'GET', '/admin/audit?action=faq:update', undefined, { token: admin });
    expect(trail.body.data).toContainEqual(expect.objectContaining({
      action: 'faq:update',
      before: expect.objectContaining({ id: first.id, question: first.question }),
      after: expect.objectContaining({ id: first.id, question: 'A assinatura tem fidelidade?' }),
    }));
    expect((await asAdmin('PUT', '/999999', { question: 'x', answer_html: '<p>y</p>' })).status).toBe(404);
    expect((await asAdmin('PUT', '/abc', { question: 'x', answer_html: '<p>y</p>' })).status).toBe(404);
  });

  test('order: every question once; the customer reads them in the new order', async () => {
    const ids = ((await asAdmin('GET', '')).body.data as Entry[]).map((e) => e.id);
    const reversed = [...ids].reverse();
    const r = await asAdmin('PUT', '/order', { ids: reversed });
    expect(r.status).toBe(200);
    expect((r.body.data as Entry[]).map((e) => e.id)).toEqual(reversed);
    expect((await publicFaq()).map((e) => e.id)).toEqual(reversed);
    const trail = await call(s, 'GET', '/admin/audit?action=faq:reorder', undefined, { token: admin });
    expect(trail.body.data).toContainEqual(expect.objectContaining({ action: 'faq:reorder', before: { ids }, after: { ids: reversed } }));

    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999999]]) {
      const refused = await asAdmin('PUT', '/order', { ids: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 4000, field: 'ids', message: messages['faq.order.incomplete'] });
    }
  });

  test('remove: gone for the customer, audited with what it said', async () => {
    const list = (await asAdmin('GET', '')).body.data as Entry[];
    const gone = list[1]!;
    const r = await asAdmin('DELETE', `/${gone.id}`);
    expect(r.status).toBe(200);
    expect((r.body.data as Entry[]).map((e) => e.id)).not.toContain(gone.id);
    expect((await publicFaq()).map((e) => e.id)).not.toContain(gone.id);
    expect((await asAdmin('DELETE', `/${gone.id}`)).status).toBe(404);
    const trail = await call(s, 'GET', '/admin/audit?action=faq:delete', undefined, { token: admin });
    expect(trail.body.data).toContainEqual(expect.objectContaining({
      action: 'faq:delete', before: expect.objectContaining({ id: gone.id, question: gone.question, answer_html: gone.answer_html }), after: null,
    }));
  });

  test('lengths and empty answers refused with pt-BR messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ question: '', answer_html: '<p>x</p>' }, 'question', messages['faq.question.required']],
      [{ question: 'x'.repeat(201), answer_html: '<p>x</p>' }, 'question', messages['faq.question.tooLong']],
      [{ question: 'Pergunta?', answer_html: `<p>${'x'.repeat(5000)}</p>` }, 'answer_html', messages['faq.answer.tooLong']],
      [{ question: 'Pergunta?', answer_html: '' }, 'answer_html', messages['faq.answer.required']],
      // nothing left once sanitised
      [{ question: 'Pergunta?', answer_html: '<p> </p><script>alert(1)</script><img src=x onerror=alert(1)>' }, 'answer_html', messages['faq.answer.required']],
    ];
    for (const [body, field, message] of cases) {
      const r = await asAdmin('POST', '', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body).toMatchObject({ code: 4000, field, message });
    }
    expect((await asAdmin('POST', '', { question: 'x'.repeat(200), answer_html: `<p>${'x'.repeat(4993)}</p>` })).status).toBe(201);
  });
});

describe('only admins', () => {
  test('another role is refused (403 4032), a customer token too (4030), no token 401', async () => {
    const id = ((await asAdmin('GET', '')).body.data as Entry[])[0]!.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/faq'], ['POST', '/admin/faq', { question: 'Q?', answer_html: '<p>R</p>' }],
      ['PUT', `/admin/faq/${id}`, { question: 'Q?', answer_html: '<p>R</p>' }], ['PUT', '/admin/faq/order', { ids: [id] }], ['DELETE', `/admin/faq/${id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(s, method, path, body, { token: support })).body, `${method} ${path}`).toMatchObject({ code: 4032 });
      expect((await call(s, method, path, body, { token: customer })).body, `${method} ${path}`).toMatchObject({ code: 4030 });
      expect((await call(s, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(((await asAdmin('GET', '')).body.data as Entry[]).map((e) => e.id)).toContain(id);
  });
});

describe('the sanitising rule', () => {
  test('keeps text markup and https, mailto and tel links; drops everything that could run', () => {
    expect(sanitiseFaqHtml('<p>a<br>b</p><ol><li>1</li></ol>')).toBe('<p>a<br />b</p><ol><li>1</li></ol>');
    expect(sanitiseFaqHtml('<a href="tel:+551140041234">ligue</a>')).toBe('<a href="tel:+551140041234" target="_blank" rel="noopener noreferrer">ligue</a>');
    expect(sanitiseFaqHtml('<a href="https://exemplo.com">x</a>')).toContain('href="https://exemplo.com"');
    // plain http: the customer's browser would not keep it either
    expect(sanitiseFaqHtml('<a href="http://exemplo.com">x</a>')).toBe('<a>x</a>');
    expect(sanitiseFaqHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseFaqHtml('<a href="//mal.example">x</a>')).toBe('<a>x</a>');
    expect(sanitiseFaqHtml('<h1 style="color:red">T</h1><svg onload="x()"><circle/></svg><p>ok</p>')).toBe('T<p>ok</p>');
    expectHarmless(sanitiseFaqHtml(DANGEROUS));
  });
});

describe('GET /support/contact', () => {
  test("answers the company's settings, never a number written in the code", async () => {
    const company = { ...EXAMPLE_COMPANY, whatsapp: '5521912345678', supportEmail: 'atendimento@empresa.com.br' };
    const res = await createApp({ ...s.deps, company }).request('/api/v1/support/contact');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ whatsapp: '5521912345678', email: 'atendimento@empresa.com.br' });
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
  });
});
