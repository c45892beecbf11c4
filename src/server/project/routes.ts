import type { Hono } from 'hono';
import { caseFile, caseMessages, caseUpload, muralAttachment, openCustomerSuccess } from '#shared/project/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { receiveUpload } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import * as service from './service';

/** The customer's project follow-up: the customer-success case, its mural, the file staff asked for. */
export function projectRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(openCustomerSuccess, async (c) => c.json(await service.openCustomerSuccess(deps, c.get('customerId'), c.req.valid('json').client_id)));
  route(caseMessages, async (c) => c.json(await service.customerCase(deps, c.get('customerId'), idParam(c.req.param('id')))));
  route(caseUpload, async (c) => {
    const customerId = c.get('customerId');
    const caseId = idParam(c.req.param('id'));
    // another customer's case, or an upload staff did not open, is refused before a byte of the file is read
    await service.requireOpenUpload(deps.db, customerId, caseId);
    const file = await receiveUpload(c, deps.storage.stagingDir, 'file');
    return c.json(await service.sendProjectFile(deps, customerId, caseId, file), 201);
  });
  route(muralAttachment, async (c) => {
    const f = await service.muralAttachmentFile(deps, { customerId: c.get('customerId'), caseId: idParam(c.req.param('id')) }, idParam(c.req.param('messageId'), 'FILE_NOT_FOUND'));
    return attachment(f.bytes, f.kind, f.name);
  });
  route(caseFile, async (c) => {
    const f = await service.projectFile(deps, { customerId: c.get('customerId'), caseId: idParam(c.req.param('id')) }, idParam(c.req.param('fileId'), 'FILE_NOT_FOUND'));
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}
