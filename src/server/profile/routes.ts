import type { Hono } from 'hono';
import {
  card, changeEmail, deleteAccount, endSessions, exportData, requestDeletionCode, requestEmailChangeCodes, requestSessionsCode, sessionList, updateCard,
} from '#shared/profile/endpoints';
import { EXPORT_FILE_NAME } from '#shared/profile/rules';
import type { AppDeps } from '../config';
import { DomainError } from '../errors';
import { clientAddress } from '../http/common';
import { endpointApp } from '../http/route';
import { customerActionLimiter } from '../http/windowLimit';
import { paymentsOf } from '../checkout/service';
import { limitProfileUpdates } from '../auth/customerLimits';
import { listSessions } from '../auth/sessions';
import { cardOf, replaceCard } from './card';
import { deleteAccount as erase, sendDeletionCode } from './deletion';
import { changeEmail as confirmEmail, sendEmailChangeCodes } from './emailChange';
import { exportData as zipOf } from './export';
import { endSessionsWithCode, sendSessionsCode } from './sessions';

/** A copy reads every file of the customer: a few per hour are plenty. */
export const EXPORTS_PER_WINDOW = 10;
const EXPORT_WINDOW_MS = 3600_000;

/** The profile's card, the e-mail's change, the live sessions and their end, and the customer's data: its copy and the account's deletion. */
export function profileRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const payments = paymentsOf(deps);

  route(card, async (c) => c.json(await cardOf(deps.db, c.get('customerId'))));
  route(updateCard, async (c) => c.json(await replaceCard({ db: deps.db, payments }, c.get('customerId'), c.req.valid('json').token)));

  const withinLimit = customerActionLimiter(deps, 'profile.export', EXPORTS_PER_WINDOW, EXPORT_WINDOW_MS);
  route(exportData, async (c) => {
    if (!await withinLimit(c.get('customerId'))) throw new DomainError('PROFILE_RATE_LIMIT', { retry_after_s: EXPORT_WINDOW_MS / 1000 });
    const zip = await zipOf(deps, c.get('customerId'));
    return new Response(Buffer.from(zip), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(zip.byteLength),
        'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  route(requestDeletionCode, async (c) => c.json(await sendDeletionCode(deps, c.get('customerId'), c.req.valid('json').secret, clientAddress(c, deps)), 202));
  route(deleteAccount, async (c) => c.json(await erase({ ...deps, payments }, c.get('customerId'), c.req.valid('json'), clientAddress(c, deps))));

  route(requestEmailChangeCodes, async (c) => {
    // the answer tells whether an e-mail has an account: limited per customer with the profile's changes
    await limitProfileUpdates(deps, c.get('customerId'));
    return c.json(await sendEmailChangeCodes(deps, c.get('customerId'), c.req.valid('json'), clientAddress(c, deps)), 202);
  });
  route(changeEmail, async (c) => c.json(await confirmEmail(deps, c.get('customerId'), c.req.valid('json'), clientAddress(c, deps))));
  route(sessionList, async (c) => c.json({ data: await listSessions(deps, c.get('customerId'), c.get('sessionHash')) }));
  route(requestSessionsCode, async (c) => c.json(await sendSessionsCode(deps, c.get('customerId'), c.req.valid('json').secret, clientAddress(c, deps)), 202));
  route(endSessions, async (c) => c.json(await endSessionsWithCode(deps, c.get('customerId'), c.get('sessionHash'), c.req.valid('json'), clientAddress(c, deps))));
  return app;
}
