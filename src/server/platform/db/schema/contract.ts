import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTRACT_TYPES, type SignerRole } from '#shared/contract/rules';
import { at } from './columns';
import { customers } from './customer';

/** Who signs a company's contracts (spec §7 POST portal/customers/legitimates): name, CPF, e-mail, phone. */
export const legalRepresentatives = pgTable('legal_representatives', {
  customerId: integer('customer_id').primaryKey().references(() => customers.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** One step of a contract's audit trail, printed on its evidence page. */
export interface ContractTrailEntry { at: string; event: 'created' | 'viewed' | 'code_sent' | 'signed'; detail?: string }

/** What the signing recorded (ARCHITECTURE "E-signature"): printed on the evidence page and shown to staff. */
export interface SignatureEvidenceRecord {
  name: string;
  cpf: string;
  phone: string;
  ip: string;
  user_agent: string;
  consent: string;
  signed_at: string;
}

/**
 * A contract generated for the customer to sign (spec §3 contract item): its PDF as generated (and
 * the SHA-256 of it), the key its signing frame opens, and once signed the signed PDF (original
 * pages plus the evidence page), its SHA-256 and the evidence. The terms of use are accepted for
 * the adhesion term (spec §4: recorded for the contract id).
 */
export const contracts = pgTable('contracts', {
  id: text('id').primaryKey(), // uuid
  customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: CONTRACT_TYPES }).notNull(),
  name: text('name').notNull(),
  /** the signature key (request_signature_key): unguessable, opens the frame */
  signatureKey: text('signature_key').notNull(),
  provider: text('provider', { enum: ['local', 'clicksign'] }).notNull(),
  /** the provider's document id (Clicksign) */
  documentRef: text('document_ref'),
  /** who signs (the customer, the bill's holder or a company's representative) and the verified phone the code goes to */
  /** who signs and proves it with a code on their own phone; `role` says in what capacity (absent on contracts made before it) */
  signer: jsonb('signer').$type<{ name: string; cpf: string; phone: string; role?: SignerRole }>().notNull(),
  fileKey: text('file_key').notNull(),
  sha256: text('sha256').notNull(),
  signedFileKey: text('signed_file_key'),
  signedSha256: text('signed_sha256'),
  signedAt: at('signed_at'),
  evidence: jsonb('evidence').$type<SignatureEvidenceRecord>(),
  trail: jsonb('trail').$type<ContractTrailEntry[]>().notNull(),
  termsAcceptedAt: at('terms_accepted_at'),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('contracts_signature_key').on(t.signatureKey),
  uniqueIndex('contracts_customer_type_key').on(t.customerId, t.type),
  index('contracts_signed_sha256_idx').on(t.signedSha256),
]);
