import type { Hono } from 'hono';
import {
  changeProjectStatus, postProjectMessage, stageMuralAttachment, staffMuralAttachment, staffProject, staffProjectFile, switchProjectUpload,
} from '#shared/project/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { receiveUpload } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import { auditRead } from '../staff/audit';
import * as service from './service';

/** Staff moving a customer's project through its seven statuses, writing to its mural and asking for files. */
export function projectAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(staffProject, async (c) => c.json(await service.staffProjectView(deps.db, deps.clock, idParam(c.req.param('id')))));
  route(changeProjectStatus, async (c) => c.json(await service.changeProjectStatus(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json'))));
  route(postProjectMessage, async (c) => c.json(await service.postProjectMessage(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json')), 201));
  route(stageMuralAttachment, async (c) => {
    const customerId = idParam(c.req.param('id'));
    // no such customer is refused before a byte of the file is read
    await service.requireCustomer(deps.db, customerId);
    const file = await receiveUpload(c, deps.storage.stagingDir, 'file');
    return c.json(await service.stageMuralAttachment(deps, customerId, file), 201);
  });
  route(staffMuralAttachment, async (c) => {
    const customerId = idParam(c.req.param('id'));
    const messageId = idParam(c.req.param('messageId'), 'FILE_NOT_FOUND');
    const f = await service.muralAttachmentFile(deps, { customerId }, messageId);
    await auditRead(deps, c.get('staffId'), 'mural-attachment', customerId, { message_id: messageId });
    return attachment(f.bytes, f.kind, f.name);
  });
  route(switchProjectUpload, async (c) => c.json(await service.switchProjectUpload(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json').available)));
  route(staffProjectFile, async (c) => {
    const customerId = idParam(c.req.param('id'));
    const fileId = idParam(c.req.param('fileId'), 'FILE_NOT_FOUND');
    const f = await service.projectFile(deps, { customerId }, fileId);
    await auditRead(deps, c.get('staffId'), 'project-file', customerId, { file_id: fileId });
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}
