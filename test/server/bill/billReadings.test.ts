import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { StaffBillsResponse } from '#shared/bill/payloads';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpCustomerWithId, staffTokenOf } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const send = (token: string, name: string) => upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture(name), name }, { token });

describe("staff read what the virtual assistant read, and where", () => {
  test('each field with its value, confidence and the text and page position it came from; why a person must look', async () => {
    const staff = await staffTokenOf(s);
    const { token, id } = await signUpCustomerWithId(s);
    await send(token, 'cemig-solar-scee.pdf');
    const r = await call(s, 'GET', `/admin/customers/${id}/bills`, undefined, { token: staff.token });
    expect(r.status).toBe(200);
    const body = v.parse(StaffBillsResponse, r.body);
    expect(body.bills).toHaveLength(1);
    const [bill] = body.bills;
    expect(bill).toMatchObject({ status: 'WAITING', is_holder: true, decided_at: expect.any(String) });
    expect(bill!.reading).toMatchObject({ source: 'text', review_notes: ['solar-compensation'] });
    const value = bill!.reading!.fields.value!;
    expect(typeof value.value).toBe('number');
    expect(value.confidence).toBeGreaterThan(0.5);
    // the evidence is the printed amount, on the first page
    expect(value.evidence[0]).toMatchObject({ page: 1 });
    expect(value.evidence[0]!.text).toMatch(/\d+,\d{2}/);
    expect(bill!.reading!.fields.generation).toMatchObject({ value: true });
    expect(bill!.reading!.fields.generation!.evidence[0]!.text).toMatch(/SCEE|injetada|geração/i);
  });

  test('no bill yet: an empty list; a customer token and an unknown id are refused', async () => {
    const staff = await staffTokenOf(s);
    const { token, id } = await signUpCustomerWithId(s);
    expect((await call(s, 'GET', `/admin/customers/${id}/bills`, undefined, { token: staff.token })).body).toEqual({ bills: [] });
    expect((await call(s, 'GET', `/admin/customers/${id}/bills`, undefined, { token })).status).toBe(403);
    expect((await call(s, 'GET', '/admin/customers/999999/bills', undefined, { token: staff.token })).status).toBe(404);
  });
});
