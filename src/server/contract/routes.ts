import type { Context, Hono } from 'hono';
import {
  acceptTermsOfUse, checkSigners, contractFile, contracts, createContracts, saveLegitimate, signatureWebhook, staffContractFile, staffContracts,
  verifySignature,
} from '#shared/contract/endpoints';
import type { AppDeps } from '../config';
import { attachment } from '../http/attachment';
import { DomainError } from '../errors';
import { clientAddress } from '../http/common';
import { receiveUpload } from '../http/multipart';
import { addressActionLimiter } from '../http/windowLimit';
import { endpointApp, idParam } from '../http/route';
import { readFile } from 'node:fs/promises';
import { auditRead } from '../staff/audit';
import * as service from './service';
import { recordProviderSignature, verifySignedFile } from './signing';

/** The portal's origin as the browser sees it: the frame posts 'signed' only there. */
export const portalOrigin = (c: Context, deps: Pick<AppDeps, 'publicOrigin'>): string => deps.publicOrigin ?? new URL(c.req.url).origin;

export const VERIFICATIONS_PER_WINDOW = 30;
const VERIFY_WINDOW_MS = 10 * 60_000;

/** The customer's contracts, the public verification of a signed PDF and the provider's webhook. */
export function contractRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const contractDeps = { ...deps, signatures: service.signaturesOf(deps) };
  route(saveLegitimate, async (c) => c.json(await service.saveLegitimate(deps, c.get('customerId'), c.req.valid('json')), 201));
  route(createContracts, async (c) => c.json(await service.createContracts(contractDeps, c.get('customerId'), c.req.valid('json'), portalOrigin(c, deps)), 201));
  route(contracts, async (c) => c.json(await service.contractsView(contractDeps, c.get('customerId'), portalOrigin(c, deps))));
  route(contractFile, async (c) => {
    const f = await service.contractFile(deps, c.get('customerId'), c.req.param('contractId'));
    return attachment(f.bytes, 'pdf', f.name);
  });
  route(acceptTermsOfUse, async (c) => c.json(await service.acceptTermsOfUse(contractDeps, c.get('customerId'), c.req.param('contractId'), portalOrigin(c, deps))));
  route(checkSigners, async (c) => c.json(await service.checkSigner(deps.db, c.get('customerId'), c.req.param('key'))));

  // anyone may check a file: per address, so the endpoint is no free hashing service
  const withinLimit = addressActionLimiter(deps, 'signature.verify', VERIFICATIONS_PER_WINDOW, VERIFY_WINDOW_MS);
  route(verifySignature, async (c) => {
    if (!await withinLimit(clientAddress(c, deps))) throw new DomainError('ADDRESS_RATE_LIMIT', { retry_after_s: Math.ceil(VERIFY_WINDOW_MS / 1000) });
    const file = await receiveUpload(c, deps.storage.stagingDir, 'file');
    try {
      return c.json(await verifySignedFile(deps.db, new Uint8Array(await readFile(file.path))));
    } finally {
      await file.discard();
    }
  });

  route(signatureWebhook, async (c) => {
    const raw = await c.req.text();
    const event = contractDeps.signatures.parseWebhook(raw, c.req.raw.headers);
    if (!event) throw new DomainError('UNAUTHORIZED');
    if (event.kind === 'signed' || event.kind === 'closed') {
      const file = event.kind === 'closed' && event.documentRef ? await contractDeps.signatures.signedFile(event.documentRef) : null;
      await recordProviderSignature(deps, event, file);
    }
    return c.json({ ok: true });
  });
  return app;
}

/** Staff: a customer's contracts with their evidence, and their files. */
export function contractAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  route(staffContracts, async (c) => c.json({ data: await service.staffContracts(deps.db, idParam(c.req.param('id'))) }));
  // each download is audited
  route(staffContractFile, async (c) => {
    const id = idParam(c.req.param('id'));
    const contractId = c.req.param('contractId');
    const f = await service.contractFile(deps, id, contractId);
    await auditRead(deps, c.get('staffId'), 'contract', id, { contract_id: contractId });
    return attachment(f.bytes, 'pdf', f.name);
  });
  return app;
}
