import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_QUOTA } from '#shared/bill/rules';
import { messages } from '#shared/messages';
import { bills, customers, uploads } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

/**
 * Employee badges: only for customers with an employer partnership; per-customer quotas (files and
 * bytes) for every upload kind; a replaced badge's file leaves storage, and only once the new one
 * is safely stored.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const PNG = fixture('photo-bill.png');
const PDF = fixture('cemig-clean-residential.pdf');

async function customer(opts: { partnership?: boolean } = {}) {
  const c = await signUpNewCustomer(s);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.id);
  if (opts.partnership) await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, id));
  return { ...c, id, filesBefore: await storedFiles(s) };
}

const sendBadge = (c: { token: string; id: number }, bytes: Uint8Array = PNG) =>
  upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes, name: 'cracha.png' }, { token: c.token });
const badgeRows = (id: number) => s.db.select().from(uploads).where(and(eq(uploads.customerId, id), eq(uploads.purpose, 'employee_card')));
const stored = async (key: string) => (await storedFiles(s)).some((f) => f.endsWith(key));

/** Distinct bytes for each badge, so the one served can be told apart. */
const variant = (n: number) => { const b = new Uint8Array(PNG); b[b.length - 1] = n; return b; };

describe('the partnership is checked', () => {
  test('a customer without a partnership cannot send a badge: 403 with its message, nothing kept', async () => {
    const c = await customer();
    const r = await sendBadge(c);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 4031, message: messages['partnership.badge.notPartner'] });
    expect(await badgeRows(c.id)).toEqual([]);
    expect(await storedFiles(s)).toEqual(c.filesBefore);
  });
});

describe('a replaced badge leaves storage', () => {
  test('the second badge replaces the first: the old file is deleted, the new one served', async () => {
    const c = await customer({ partnership: true });
    expect((await sendBadge(c, variant(1))).status).toBe(201);
    const [first] = await badgeRows(c.id);
    expect(await stored(first!.storageKey)).toBe(true);
    expect((await sendBadge(c, variant(2))).status).toBe(201);
    const rows = await badgeRows(c.id);
    const live = rows.filter((r) => r.removedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]!.id).not.toBe(first!.id);
    expect(await stored(first!.storageKey)).toBe(false);
    expect(await stored(live[0]!.storageKey)).toBe(true);
    const file = await s.fetch(`/api/v1/portal/client-partnership/${c.id}/emproyee-card`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(variant(2));
  });

  test('when storing the new badge fails, the old one stays stored and served; nothing half-written', async () => {
    const c = await customer({ partnership: true });
    expect((await sendBadge(c, variant(3))).status).toBe(201);
    const [first] = await badgeRows(c.id);
    const filesBefore = await storedFiles(s);
    const save = s.deps.storage.save;
    s.deps.storage.save = () => Promise.reject(new Error('disk full'));
    try {
      expect((await sendBadge(c, variant(4))).status).toBe(500);
    } finally {
      s.deps.storage.save = save;
    }
    expect(await badgeRows(c.id)).toEqual([first]);
    expect(await storedFiles(s)).toEqual(filesBefore); // staging file gone too
    const file = await s.fetch(`/api/v1/portal/client-partnership/${c.id}/emproyee-card`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(variant(3));
  });
});

describe('per-customer quotas', () => {
  test(`a burst of ${UPLOAD_QUOTA.files + 3} badges at once: ${UPLOAD_QUOTA.files} taken, the rest refused with 429; one file stored`, async () => {
    const c = await customer({ partnership: true });
    const results = await Promise.all(Array.from({ length: UPLOAD_QUOTA.files + 3 }, (_, i) => sendBadge(c, variant(10 + i))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(UPLOAD_QUOTA.files);
    expect(statuses.filter((x) => x === 429)).toHaveLength(3);
    expect(results.find((r) => r.status === 429)?.body).toMatchObject({ code: 4294, message: messages['upload.quota'] });
    const live = await s.db.select().from(uploads).where(and(eq(uploads.customerId, c.id), isNull(uploads.removedAt)));
    expect(live).toHaveLength(1);
    const mine = (await storedFiles(s)).filter((f) => !c.filesBefore.includes(f));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(live[0]!.storageKey);
  });

  test('bills have their own quota: past the files allowed, a bill is refused with 429 and nothing kept', async () => {
    const c = await customer();
    const now = s.clock.now();
    await s.db.insert(uploads).values(Array.from({ length: UPLOAD_QUOTA.files }, (_, i) => ({
      customerId: c.id, purpose: 'bill' as const, storageKey: `zz/quota-files-${c.id}-${i}-aaaaaaaa`, originalName: 'conta.pdf', kind: 'pdf' as const, size: 1000, createdAt: now,
    })));
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'conta.pdf' }, { token: c.token });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 4294, message: messages['upload.quota'] });
    expect(await s.db.select().from(bills).where(eq(bills.customerId, c.id))).toEqual([]);
    expect(await storedFiles(s)).toEqual(c.filesBefore);
    // badges are another kind: their quota is untouched
    await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, c.id));
    expect((await sendBadge(c)).status).toBe(201);
  });

  test('and a quota of bytes: a bill that would pass the bytes stored is refused', async () => {
    const c = await customer();
    await s.db.insert(uploads).values({
      customerId: c.id, purpose: 'bill', storageKey: `zz/quota-bytes-${c.id}-aaaaaaaa`, originalName: 'conta.pdf', kind: 'pdf',
      size: UPLOAD_QUOTA.bytes - PDF.length + 1, createdAt: s.clock.now(),
    });
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'conta.pdf' }, { token: c.token });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(4294);
  });
});
