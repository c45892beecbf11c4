import type { Hono } from 'hono';
import { changeProjectStatus, postProjectMessage, staffProject, staffProjectFile, switchProjectUpload } from '#shared/project/endpoints';
import { ErrorCode } from '#shared/errors';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { endpointApp, idParam } from '../http/route';
import * as service from './service';

/** Staff moving a customer's project through its seven statuses, writing to its mural and asking for files. */
export function projectAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(staffProject, async (c) => c.json(await service.staffProjectView(deps.db, deps.clock, idParam(c.req.param('id')))));
  route(changeProjectStatus, async (c) => c.json(await service.changeProjectStatus(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json'))));
  route(postProjectMessage, async (c) => c.json(await service.postProjectMessage(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json').message), 201));
  route(switchProjectUpload, async (c) => c.json(await service.switchProjectUpload(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json').available)));
  route(staffProjectFile, async (c) => {
    const f = await service.projectFile(deps, { customerId: idParam(c.req.param('id')) }, idParam(c.req.param('fileId'), ErrorCode.FILE_NOT_FOUND));
    return attachment(f.bytes, f.kind, f.name);
  });
  return app;
}
