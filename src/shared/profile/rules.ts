import { CARD_BRAND_NAMES, type CardBrand } from '../checkout/rules';
import type { ContractType } from '../contract/rules';
import { messages, type MessageKey } from '../messages';
import { formatBRL } from '../money';
import { contractStepButtons, purchaseSignaturesOf, type InvoiceStatus, type PaymentType } from '../payment/rules';
import { formatPhone } from '../phone';
import { formatPower } from '../proposal/rules';
import { currentStep, type CustomerKind, type MenuStep } from '../steps';

/**
 * The profile page ('Meu perfil', spec §2 "Profile page", §3 "Card", §4 "Contract step (profile)",
 * "Card update", §9 fees) and the customer's rights over their data (LGPD art. 18 and 19): what the
 * order summary shows, how a card reads, the step block's buttons, and what is kept after an
 * account is deleted, for how long and why. The server, the profile machine, the page and the docs
 * read them from here.
 */

// ---- order summary ------------------------------------------------------------------------------

/** spec §9: the joining and installation fees show as R$ 0,00 */
export const JOINING_FEE = 0;
export const INSTALLATION_FEE = 0;
export const feeText = (value: number): string => formatBRL(value);

/** What the order summary is made from (spec §2 "Profile page"): the profile, the visit, the plan or the purchase. */
export interface OrderFacts {
  kind: CustomerKind;
  paymentType: PaymentType | null;
  /** the subscription's plan: its name and monthly fee */
  plan: { name: string; price: number } | null;
  /** a buyer's final proposal: system size and value */
  purchase: { powerKwp: number; value: number } | null;
  /** canonical, country code first */
  phone: string;
  city: string;
  state: string;
  /** the technical visit's address, with the phone given for it (11 digits) */
  visit: { phone: string; cep: string; address: string; number: string; complement: string | null; neighborhood: string; city: string; state: string } | null;
}

export interface OrderLine { label: MessageKey; value: string }

const NONE = '—';

/**
 * spec §2: plan, installation fee, joining fee, phone, postal code, address, number, complement,
 * neighbourhood, city, state. A buyer (LENDING) has no plan: the purchase shows instead (how it is
 * paid, the system, the value). The address is the technical visit's; before one, the profile's city.
 */
export function orderSummary(f: OrderFacts): { lines: OrderLine[]; hasAddress: boolean } {
  const what: OrderLine[] = f.kind === 'LENDING'
    ? [
      { label: 'profile.order.purchase', value: f.paymentType ? messages[`profile.order.${f.paymentType}`] : NONE },
      { label: 'profile.order.system', value: f.purchase ? `${formatPower(f.purchase.powerKwp)} kWp` : messages['profile.order.noProposal'] },
      { label: 'profile.order.value', value: f.purchase ? formatBRL(f.purchase.value) : NONE },
    ]
    : [
      { label: 'profile.order.plan', value: f.plan?.name ?? messages['profile.order.noPlan'] },
      ...(f.plan ? [{ label: 'profile.order.monthly' as const, value: formatBRL(f.plan.price) }] : []),
    ];
  const v = f.visit;
  return {
    lines: [
      ...what,
      { label: 'profile.order.installationFee', value: feeText(INSTALLATION_FEE) },
      { label: 'profile.order.joiningFee', value: feeText(JOINING_FEE) },
      { label: 'profile.order.phone', value: v ? formatPhone(`55${v.phone}`) : formatPhone(f.phone) },
      { label: 'profile.order.cep', value: v ? `${v.cep.slice(0, 5)}-${v.cep.slice(5)}` : NONE },
      { label: 'profile.order.address', value: v?.address ?? NONE },
      { label: 'profile.order.number', value: v?.number ?? NONE },
      { label: 'profile.order.complement', value: v?.complement || NONE },
      { label: 'profile.order.neighborhood', value: v?.neighborhood ?? NONE },
      { label: 'profile.order.city', value: v?.city ?? f.city },
      { label: 'profile.order.state', value: v?.state ?? f.state },
    ],
    hasAddress: v !== null,
  };
}

/** spec §3 "Card": the masked number, only the last four digits shown */
export const maskedCardNumber = (last4: string): string => `•••• •••• •••• ${last4}`;

/** spec §3 "Card": due as month/year ('08/2031'); null when the provider did not say */
export const cardDue = (month: number | null, year: number | null): string | null =>
  (month && year ? `${String(month).padStart(2, '0')}/${year}` : null);

/** The brand as the customer reads it ('Mastercard' for MASTER). */
export const cardBrandName = (brand: string): string => CARD_BRAND_NAMES[brand as CardBrand] ?? brand;

// ---- step block (LENDING customers) -------------------------------------------------------------

/** The two purchase contracts, in signing order (spec §4 "Signing": sign type T, then P). */
export const PURCHASE_CONTRACT_TYPES = ['PURCHASE_CONTRACT', 'POWER_OF_ATTORNEY'] as const satisfies readonly ContractType[];
export type PurchaseContractType = (typeof PURCHASE_CONTRACT_TYPES)[number];

export interface PurchaseState {
  contracts: readonly { type: string; is_client_signed: boolean }[];
  /** the cash invoice's status; null before it exists; 'unknown' when its read failed */
  invoice: InvoiceStatus | null | 'unknown';
}

/**
 * spec §4 "Contract step (profile)", through the one rule of src/shared/payment/rules.ts. An
 * invoice whose read failed counts as created: the payment button waits rather than ask twice.
 */
export function profileStepButtons(s: PurchaseState) {
  return contractStepButtons({ ...purchaseSignaturesOf(s.contracts), invoiceCreated: s.invoice !== null });
}

/** Which button a purchase contract has in the step block. */
export const signButtonOf = (type: PurchaseContractType): 'signContract' | 'signProcuration' =>
  (type === 'PURCHASE_CONTRACT' ? 'signContract' : 'signProcuration');

/**
 * Why an enabled sign button opens the other dialog instead of the signing frame (spec §4: the
 * frame opens when the current step is CONTRACT): the customer is not at the contract step yet
 * (or has moved past it), or the contracts were not generated yet (the contract data is given on
 * the payment screen). Null: the frame opens.
 */
export type SignRefusal = 'notContractStep' | 'notGenerated';
export function signRefusal(steps: readonly Pick<MenuStep, 'type' | 'status'>[], contracts: readonly { type: string }[], type: PurchaseContractType): SignRefusal | null {
  if (currentStep(steps) !== 'CONTRACT') return 'notContractStep';
  return contracts.some((c) => c.type === type) ? null : 'notGenerated';
}

/** The payment button issues the cash invoice; a financing customer follows the bank on the payment screen. */
export const paysByInvoice = (paymentType: PaymentType | null): boolean => paymentType === 'CASH_PURCHASE';

// ---- the customer's data (LGPD) -------------------------------------------------------------------

/** The data export's file name, as the browser saves it. */
export const EXPORT_FILE_NAME = 'meus-dados.zip';

/**
 * What stays after an account is deleted, each for a legal duty (LGPD art. 16): the category, what
 * it holds, for how long and on which basis. docs/privacy.md lists the same (a test compares).
 */
export const RETENTION = {
  contracts: {
    what: 'Contratos assinados, com as evidências da assinatura (nome, CPF, celular, endereço IP, navegador e horário) e o aceite dos termos de uso',
    period: '10 anos depois do fim do contrato',
    basis: 'Código Civil, art. 205 e 206 (prazos de prescrição); LGPD, art. 7º, VI e art. 16, I',
  },
  payments: {
    what: 'Registros de pagamento: plano contratado, faturas e valores, e o cartão (bandeira, 4 últimos dígitos, titular e validade)',
    period: '5 anos contados do primeiro dia do ano seguinte ao do pagamento',
    basis: 'Código Tributário Nacional, art. 173 e 174; LGPD, art. 16, I',
  },
  deletion: {
    what: 'O registro de que a conta foi excluída (data e o que foi guardado), sem nenhum dado pessoal',
    period: 'Enquanto os itens acima forem guardados',
    basis: 'LGPD, art. 37 (registro das operações de tratamento)',
  },
} as const;
export type RetentionCategory = keyof typeof RETENTION;
export const RETENTION_CATEGORIES = Object.keys(RETENTION) as RetentionCategory[];

/**
 * What an account's deletion keeps (spec-less, LGPD art. 16): signed contracts when there are any;
 * payment records when money was asked for under a signed contract or an invoice was issued; the
 * deletion's own record always.
 */
export function keptOnDeletion(facts: { signedContracts: boolean; cardOrBoleto: boolean; invoices: boolean }): RetentionCategory[] {
  const kept: RetentionCategory[] = [];
  if (facts.signedContracts) kept.push('contracts');
  if ((facts.signedContracts && facts.cardOrBoleto) || facts.invoices) kept.push('payments');
  kept.push('deletion');
  return kept;
}

/** What a person types to confirm an act by code (deletion, ending sessions, an e-mail change): six digits (spec §9: code length 6). */
export const isSixDigitCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * Whether 'Aparelhos conectados' may end `sessionId`: one of the listed sessions other than this
 * one, or (null, 'Sair de todos os dispositivos') every other one when there is any.
 */
export const isOtherSession = (sessions: readonly { id: string; current: boolean }[], sessionId: string | null): boolean =>
  sessionId === null ? sessions.some((x) => !x.current) : sessions.some((x) => x.id === sessionId && !x.current);
