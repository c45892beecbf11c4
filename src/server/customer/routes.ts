import type { Hono } from 'hono';
import { employeeBadge, partnership, profile, sendEmployeeBadge, signUp, updateProfile } from '#shared/customer/endpoints';
import { limitProfileUpdates } from '../auth/customerLimits';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { DomainError } from '../errors';
import { receiveUpload } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import { employeeCardFile, partnershipOf, saveEmployeeCard } from './partnership';
import { rememberDevice } from '../auth/device';
import { profile as profileOf, signUp as signUpCustomer, updateProfile as saveProfile } from './service';

/** The customer's account: sign-up, profile, and the employer partnership with its employee badge. */
export function customerRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  route(signUp, async (c) => {
    const body = c.req.valid('json');
    const access_token = await signUpCustomer(deps, body, c.req.header('User-Agent'));
    rememberDevice(c, deps, body.phone, deps.clock.now());
    return c.json({ access_token }, 201);
  });
  route(profile, async (c) => c.json(await profileOf(deps.db, c.get('customerId'))));
  route(updateProfile, async (c) => {
    // an e-mail change says whether that e-mail has an account: limited per customer
    await limitProfileUpdates(deps, c.get('customerId'));
    return c.json(await saveProfile(deps, c.get('customerId'), c.req.valid('json')));
  });

  route(partnership, async (c) => c.json(await partnershipOf(deps.db, c.get('customerId'), idParam(c.req.param('id')))));
  route(sendEmployeeBadge, async (c) => {
    const id = idParam(c.req.param('id'));
    if (id !== c.get('customerId')) throw new DomainError('NOT_FOUND');
    const file = await receiveUpload(c, deps.storage.stagingDir);
    return c.json(await saveEmployeeCard(deps, c.get('customerId'), id, file), 201);
  });
  route(employeeBadge, async (c) => {
    const f = await employeeCardFile(deps, c.get('customerId'), idParam(c.req.param('id')));
    return attachment(f.bytes, f.kind, f.name);
  });

  return app;
}
