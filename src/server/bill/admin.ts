import type { Hono } from 'hono';
import { anyBillFile, decideBill, staffBills } from '#shared/bill/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { endpointApp, idParam } from '../http/route';
import { processView } from '../process/service';
import { auditRead } from '../staff/audit';
import { billFile, billReadings, decideLatestBill } from './service';

/** Staff reviewing bills: what the assistant read, the decision on a customer's latest bill, and any bill's file. */
export function billAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(decideBill, async (c) => {
    const id = idParam(c.req.param('id'));
    await decideLatestBill(deps, c.get('staffId'), id, c.req.valid('json'));
    return c.json(await processView(deps.db, id));
  });
  route(staffBills, async (c) => c.json(await billReadings(deps.db, idParam(c.req.param('id')))));
  route(anyBillFile, async (c) => {
    const billId = idParam(c.req.param('billId'));
    const f = await billFile(deps, null, billId);
    await auditRead(deps, c.get('staffId'), 'bill', f.customerId, { bill_id: billId });
    return attachment(f.bytes, f.kind, f.name);
  });

  return app;
}
