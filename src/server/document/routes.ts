import type { Hono } from 'hono';
import { decideDocument, documentFile, documents, sendDocuments, staffDocumentFile, staffDocuments } from '#shared/document/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { receiveUploads } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import { auditRead } from '../staff/audit';
import * as service from './service';

const FIELDS = ['document', 'document_back', 'card', 'receipt'] as const;

/** The customer's documents on the booking screen. */
export function documentRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(documents, async (c) => c.json({ data: await service.currentDocuments(deps.db, c.get('customerId')) }));
  route(sendDocuments, async (c) => {
    const files = await receiveUploads(c, deps.storage.stagingDir, FIELDS);
    return c.json({ data: await service.sendDocuments(deps, c.get('customerId'), files) }, 201);
  });
  route(documentFile, async (c) => {
    const f = await service.documentFile(deps, c.get('customerId'), idParam(c.req.param('documentId')), c.req.param('side'));
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}

/** Staff reviewing documents. */
export function documentAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(staffDocuments, async (c) => c.json({ data: await service.allDocuments(deps.db, idParam(c.req.param('id'))) }));
  // scoped by the path's customer: another customer's document is not found; each download is audited
  route(staffDocumentFile, async (c) => {
    const id = idParam(c.req.param('id'));
    const documentId = idParam(c.req.param('documentId'));
    const side = c.req.param('side');
    const f = await service.documentFile(deps, id, documentId, side);
    await auditRead(deps, c.get('staffId'), 'document', id, { document_id: documentId, side });
    return attachment(f.bytes, f.kind, f.name);
  });
  route(decideDocument, async (c) => c.json(await service.decideDocument(
    deps, c.get('staffId'), idParam(c.req.param('id')), idParam(c.req.param('documentId')), c.req.valid('json'),
  )));
  return app;
}
