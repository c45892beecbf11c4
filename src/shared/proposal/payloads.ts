import * as v from 'valibot';
import { Proposal } from './rules';
import { MenuStep } from '../process/payloads';

/** GET portal/customers/{id}/proposal (spec §7): the customer's proposals, oldest first. */
export const ProposalsResponse = v.object({ data: v.array(Proposal) });

export const PAYMENT_TYPES = ['CASH_PURCHASE', 'FINANCING'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * PUT portal/customers/approve/proposal_final. The spec sends no payload; the server must record
 * the payment type too (ARCHITECTURE), so the screen sends the one it stored. Without one, the
 * spec's local-storage default CASH_PURCHASE applies.
 */
export const FinalApprovalRequest = v.object({
  payment_type: v.optional(v.picklist(PAYMENT_TYPES, 'Escolha compra à vista ou financiamento.'), 'CASH_PURCHASE'),
});

/** The steps after an approval (initial or final). */
export const ApprovalResponse = v.object({ data: v.array(MenuStep) });

const positive = (message: string) => v.pipe(v.number(message), v.finite(message), v.gtValue(0, message));
const years = v.pipe(v.number('Garantia em anos inteiros.'), v.integer('Garantia em anos inteiros.'), v.minValue(0, 'Garantia em anos inteiros.'), v.maxValue(50, 'Garantia em anos inteiros.'));
const label = v.pipe(v.string(), v.trim(), v.minLength(1, 'Informe um texto.'), v.maxLength(80, 'No máximo 80 caracteres.'));

/**
 * POST admin/customers/{id}/proposal/final (staff, after the visit is accomplished and approved):
 * the FINAL proposal is sized by the engine from the bill; staff may set the system size and price
 * and the equipment found at the visit.
 */
export const FinalProposalRequest = v.object({
  /** kWp, rounded to whole 550 W modules */
  power_kwp: v.optional(v.pipe(positive('Informe a potência em kWp, maior que zero.'), v.maxValue(1000, 'Potência acima de 1000 kWp.'))),
  /** R$ */
  price: v.optional(v.pipe(positive('Informe o preço em reais, maior que zero.'), v.maxValue(100_000_000, 'Preço alto demais.'))),
  module_brand: v.optional(label),
  module_warranty: v.optional(years),
  inverter_brand: v.optional(label),
  inverter_warranty: v.optional(years),
  structure_type: v.optional(label),
  structure_warranty: v.optional(years),
});
export type FinalProposalRequest = v.InferOutput<typeof FinalProposalRequest>;

export const FinalProposalPublished = v.object({ id: v.number(), version: v.number() });
