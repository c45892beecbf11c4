import { eq, sql } from 'drizzle-orm';
import { BRAND_NAME } from '#shared/brand';
import { canSign } from '#shared/contract/rules';
import { fill } from '#shared/messages';
import type { AppDeps } from '../config';
import type { Db } from '../platform/db/index';
import { discardStored, keysStored } from '../platform/storing';
import { contracts, type ContractTrailEntry } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { DomainError } from '../errors';
import { codeRequestKey, consumeCode, recordCodeRequest } from '../auth/codes';
import { appendSignaturePage, CONSENT_TEXT, maskPhone, originalHashOf, sha256Hex, SIGNER_ROLE_LABELS, USER_AGENT_MAX } from '../engines/contracts/index';
import { notify } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { completeWhenAllSigned, contractOf, lockContracts } from './service';
import { storeBytes } from './files';

/**
 * Our own e-signature (ARCHITECTURE "E-signature"): the signer opens /sign/{key}, asks for a fresh
 * SMS code to the account's verified phone (the sign-in code rules: bound to the page's secret,
 * 30 s resend, 5 sends per 10 min, 5 tries per code, growing waits), and signs with it and the
 * consent. The evidence (server time, IP, user agent, phone, consent, SHA-256 before and after) is
 * printed on a page appended to the PDF and kept on the contract; the signed file's SHA-256 is what
 * the verification compares. A repeated sign answers the first signature.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reactions' | 'storage' | 'secret' | 'limits'>;
type Row = typeof contracts.$inferSelect;

/** The contract a signing key opens, or 404 (an unknown key tells nothing more). */
export async function contractOfKey(db: Db, key: string): Promise<Row> {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(key)) throw new DomainError('NOT_FOUND');
  const [row] = await db.select().from(contracts).where(eq(contracts.signatureKey, key));
  if (!row || row.provider !== 'local') throw new DomainError('NOT_FOUND');
  return row;
}

const entry = (at: Date, event: ContractTrailEntry['event'], detail?: string): ContractTrailEntry =>
  (detail ? { at: at.toISOString(), event, detail } : { at: at.toISOString(), event });

async function addToTrail(db: Db, id: string, item: ContractTrailEntry): Promise<void> {
  await db.update(contracts).set({ trail: sql`${contracts.trail} || ${JSON.stringify([item])}::jsonb` }).where(eq(contracts.id, id));
}

/** The page was opened: the first view goes on the trail. */
export async function recordView(deps: Pick<AppDeps, 'db' | 'clock'>, row: Row): Promise<void> {
  if (row.signedAt || row.trail.some((t) => t.event === 'viewed')) return;
  await addToTrail(deps.db, row.id, entry(deps.clock.now(), 'viewed'));
}

/**
 * spec §4 "Signing": the power of attorney only after the adhesion term (or the purchase contract);
 * the page checks it too, but the order is the server's rule, whoever calls.
 */
async function refuseOutOfOrder(db: Db, row: Row): Promise<void> {
  const siblings = await db.select({ type: contracts.type, signedAt: contracts.signedAt }).from(contracts).where(eq(contracts.customerId, row.customerId));
  if (!canSign(siblings.map((x) => ({ type: x.type, is_client_signed: x.signedAt !== null })), row.type)) throw new DomainError('PROCESS_REFUSED');
}

/** POST /sign/{key}/code: a fresh code for this page's secret, to the account's verified phone. */
export async function sendSigningCode(deps: Deps, key: string, secret: string, address: string): Promise<{ phone_last4: string }> {
  const row = await contractOfKey(deps.db, key);
  if (row.signedAt) throw new DomainError('PROCESS_REFUSED');
  await refuseOutOfOrder(deps.db, row);
  const phone = row.signer.phone;
  const request = codeRequestKey(phone, secret);
  await deps.db.transaction(async (tx) => {
    await recordCodeRequest(tx, deps, request, address, 'signature');
    await enqueue(tx, deps.clock, 'code.send', { phone, secret_hash: request.secretHash, channel: 'sms', type: 'SIGNATURE' });
  });
  await addToTrail(deps.db, row.id, entry(deps.clock.now(), 'code_sent', maskPhone(phone)));
  return { phone_last4: phone.slice(-4) };
}

export interface ContractContext { ip: string; userAgent: string }
export interface SigningOutcome { signed_at: string; signed_sha256: string; already: boolean }

const outcomeOf = (row: Row, already: boolean): SigningOutcome => ({ signed_at: row.signedAt!.toISOString(), signed_sha256: row.signedSha256!, already });

/**
 * POST /sign/{key}: checks the code of this page's request, then signs. Idempotent: a contract
 * already signed answers its signature (a replay changes nothing and needs no code).
 */
export async function signContract(deps: Deps, key: string, input: { secret: string; code: string }, ctx: ContractContext): Promise<SigningOutcome> {
  const row = await contractOfKey(deps.db, key);
  if (row.signedAt) return outcomeOf(row, true);
  await refuseOutOfOrder(deps.db, row);
  await consumeCode(deps, codeRequestKey(row.signer.phone, input.secret), input.code, ctx.ip, 'signature');

  const now = deps.clock.now();
  const userAgent = ctx.userAgent.slice(0, USER_AGENT_MAX);
  const original = await deps.storage.read(row.fileKey);
  if (sha256Hex(original) !== row.sha256) throw new Error('stored contract does not match its recorded hash');
  const trail = [...row.trail, entry(now, 'signed', maskPhone(row.signer.phone))];
  const signed = await appendSignaturePage(original, {
    contract_id: row.id, company_brand_name: BRAND_NAME,
    signers: [{
      name: row.signer.name, cpf: row.signer.cpf, phone: row.signer.phone, signed_at: now, ip: ctx.ip, user_agent: userAgent, consent_text: CONSENT_TEXT,
      ...(row.signer.role ? { role: SIGNER_ROLE_LABELS[row.signer.role] } : {}),
    }],
    audit: trail.map((t) => ({ at: new Date(t.at), event: t.event, ...(t.detail ? { detail: t.detail } : {}) })),
  });
  const signedKey = await storeBytes(deps, signed);
  const signedSha256 = sha256Hex(signed);
  const result = await deps.db.transaction(async (tx) => {
    await lockContracts(tx, row.customerId);
    const current = await contractOf(tx, row.customerId, row.id);
    if (current.signedAt) return outcomeOf(current, true); // a parallel request signed first
    await keysStored(tx, [signedKey]);
    const [after] = await tx.update(contracts).set({
      signedAt: now, signedFileKey: signedKey, signedSha256, trail,
      evidence: { name: row.signer.name, cpf: row.signer.cpf, phone: row.signer.phone, ip: ctx.ip, user_agent: userAgent, consent: CONSENT_TEXT, signed_at: now.toISOString() },
    }).where(eq(contracts.id, row.id)).returning();
    await notify(tx, deps.clock, row.customerId, fill('notification.contract.signed', { name: row.name }), emailOfNotice('notification.contract.signed', { name: row.name }));
    await completeWhenAllSigned(tx, deps, row.customerId);
    return outcomeOf(after!, false);
  }).catch(async (e: unknown) => { await discardStored(deps, [signedKey]); throw e; });
  if (result.already) await discardStored(deps, [signedKey]);
  return result;
}

/** What anyone holding a signed PDF learns from it: valid only when its SHA-256 is one we recorded. */
export async function verifySignedFile(db: Db, bytes: Uint8Array) {
  const signedSha256 = sha256Hex(bytes);
  const [row] = await db.select({ id: contracts.id, name: contracts.name, signedAt: contracts.signedAt }).from(contracts)
    .where(eq(contracts.signedSha256, signedSha256));
  return {
    valid: row !== undefined,
    signed_sha256: signedSha256,
    original_sha256: await originalHashOf(bytes),
    contract: row?.signedAt ? { id: row.id, name: row.name, signed_at: row.signedAt.toISOString() } : null,
  };
}

/** The provider's webhook reported a signature (Clicksign): recorded like ours, minus the evidence page it keeps itself. */
export async function recordProviderSignature(deps: Deps, match: { key: string | null; documentRef: string | null }, signedFile: Uint8Array | null): Promise<boolean> {
  const where = match.key ? eq(contracts.signatureKey, match.key) : match.documentRef ? eq(contracts.documentRef, match.documentRef) : null;
  if (!where) return false;
  const [row] = await deps.db.select().from(contracts).where(where);
  if (!row || row.signedAt) return row !== undefined;
  const now = deps.clock.now();
  const signedKey = signedFile ? await storeBytes(deps, signedFile) : null;
  const recorded = await deps.db.transaction(async (tx) => {
    await lockContracts(tx, row.customerId);
    const current = await contractOf(tx, row.customerId, row.id);
    if (current.signedAt) return false;
    if (signedKey) await keysStored(tx, [signedKey]);
    await tx.update(contracts).set({
      signedAt: now, signedFileKey: signedKey, signedSha256: signedFile ? sha256Hex(signedFile) : null,
      trail: [...row.trail, entry(now, 'signed', 'Clicksign')],
    }).where(eq(contracts.id, row.id));
    await notify(tx, deps.clock, row.customerId, fill('notification.contract.signed', { name: row.name }), emailOfNotice('notification.contract.signed', { name: row.name }));
    await completeWhenAllSigned(tx, deps, row.customerId);
    return true;
  }).catch(async (e: unknown) => { if (signedKey) await discardStored(deps, [signedKey]); throw e; });
  // signed meanwhile (a repeated webhook): the copy stored for it goes
  if (!recorded && signedKey) await discardStored(deps, [signedKey]);
  return true;
}
