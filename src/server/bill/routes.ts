import { Hono } from 'hono';
import * as v from 'valibot';
import { BillOwner, BillOwnerResponse, BillsResponse, BillValues } from '#shared/bill/payloads';
import { UPLOAD_MIME } from '#shared/bill/rules';
import { ErrorCode } from '#shared/errors';
import { requireSession, type SessionVars } from '../auth/sessions';
import { billFile, billOwnerOf, billsOf, saveBillOwner, submitBill } from './service';
import type { AppDeps } from '../config';
import { ApiError, jsonBody } from '../http/errors';
import { receiveUpload } from '../http/multipart';
import { err } from '../http/common';
import type { RouteDoc } from '../http/registry';

const uploadErrors = {
  400: err('no file (4003), empty file (4005), or the upload broke off'),
  401: err('no valid session'),
  413: err("over 10 MB (4130, 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.')"),
  415: err("not a PDF, JPEG or PNG by content (4150, 'Tipo de arquivo não suportado!')"),
};

export const billsRoutes: RouteDoc[] = [
  {
    method: 'post', path: '/portal/customers/bills', tag: 'bills', auth: true,
    multipart: { field: 'file', description: 'the bill: PDF, JPEG or PNG (by content), at most 10 MB' },
    query: { is_holder: { schema: v.picklist(['true', 'false']), required: true, description: 'is the customer the holder of the bill' } },
    summary: 'Send the electricity bill: stored, recorded PENDING, analysed by the virtual assistant on the queue (a notification tells the outcome).',
    responses: {
      201: { description: 'the new bill, PENDING', schema: BillValues },
      ...uploadErrors,
      409: err('upload locked: a bill is in analysis or was decided for a reason that allows no new one (4092)'),
    },
  },
  {
    method: 'get', path: '/portal/customers/bills', tag: 'bills', auth: true, summary: "The latest bill's values, holder flag and the bills sent so far.",
    responses: { 200: { description: 'bills', schema: BillsResponse }, 401: err('no valid session') },
  },
  {
    method: 'get', path: '/portal/customers/bills/owners', tag: 'bills', auth: true, summary: "The bill owner's (consumer) data.",
    responses: { 200: { description: 'owner', schema: BillOwnerResponse }, 401: err('no valid session') },
  },
  {
    method: 'patch', path: '/portal/customers/bills/owners', tag: 'bills', auth: true, body: BillOwner, summary: "Save the bill owner's (consumer) data.",
    responses: { 200: { description: 'owner', schema: BillOwnerResponse }, 400: err('invalid data (4000)'), 401: err('no valid session') },
  },
  {
    method: 'get', path: '/portal/customers/bill', tag: 'bills', auth: true,
    query: { client_bill_file_id: { schema: v.string(), required: true, description: 'the bill id (billInfo[].id)' } },
    summary: "Download one of the customer's own bill files (attachment).",
    responses: { 200: { description: 'the file (application/pdf, image/jpeg or image/png)' }, 401: err('no valid session'), 404: err('no such bill of this customer (4041)') },
  },
];

/** Sends a stored file as a download: never rendered inline by the browser. */
export function attachment(bytes: Uint8Array, kind: keyof typeof UPLOAD_MIME, name: string): Response {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': UPLOAD_MIME[kind],
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

export function billsApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();
  const session = requireSession(deps);

  app.post('/bills', session, async (c) => {
    const holder = c.req.query('is_holder');
    if (holder !== 'true' && holder !== 'false') throw new ApiError(400, ErrorCode.VALIDATION, { field: 'is_holder' }, 'is_holder deve ser true ou false');
    const file = await receiveUpload(c, deps.storage.stagingDir);
    return c.json(await submitBill(deps, c.get('customerId'), file, holder === 'true'), 201);
  });
  app.get('/bills', session, async (c) => c.json(await billsOf(deps.db, c.get('customerId'))));
  app.get('/bills/owners', session, async (c) => c.json(await billOwnerOf(deps.db, c.get('customerId'))));
  app.patch('/bills/owners', session, jsonBody(BillOwner), async (c) => c.json(await saveBillOwner(deps, c.get('customerId'), c.req.valid('json'))));
  app.get('/bill', session, async (c) => {
    const id = Number(c.req.query('client_bill_file_id'));
    if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, ErrorCode.FILE_NOT_FOUND);
    const f = await billFile(deps, c.get('customerId'), id);
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}
