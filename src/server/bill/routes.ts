import type { Hono } from 'hono';
import { billFile, billOwner, bills, saveBillOwner, sendBill } from '#shared/bill/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { receiveUpload } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import { billFile as fileOf, billOwnerOf, billsOf, saveBillOwner as saveOwner, submitBill } from './service';

/** The customer's electricity bill: sending it, the bills sent, the owner's data and the files. */
export function billRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(sendBill, async (c) => {
    const isHolder = c.req.valid('query').is_holder === 'true';
    const file = await receiveUpload(c, deps.storage.stagingDir);
    return c.json(await submitBill(deps, c.get('customerId'), file, isHolder), 201);
  });
  route(bills, async (c) => c.json(await billsOf(deps.db, c.get('customerId'))));
  route(billOwner, async (c) => c.json(await billOwnerOf(deps.db, c.get('customerId'))));
  route(saveBillOwner, async (c) => c.json(await saveOwner(deps, c.get('customerId'), c.req.valid('json'))));
  route(billFile, async (c) => {
    const f = await fileOf(deps, c.get('customerId'), idParam(c.req.valid('query').client_bill_file_id, 'FILE_NOT_FOUND'));
    return attachment(f.bytes, f.kind, f.name);
  });

  return app;
}
