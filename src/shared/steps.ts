import type { PrivateScreenKey } from './routes';

/**
 * The customer's step model (ARCHITECTURE.md): one list of (type, status) derived on the server from
 * the `process` machine, and the pure functions that turn it into the current step and the landing
 * route (spec §2 landing table, §4 "next pending step"). Machines and screens call these; nothing
 * else encodes the order.
 */
export const STEP_TYPES = [
  'SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT', 'PROPOSAL_FINAL', 'SIGNATURE',
  'CONTRACT', 'CHECKOUT', 'SUPPLY', 'INSTALATION', 'PROJECT_STATUS',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const STEP_STATUSES = ['PENDING', 'APPROVED', 'NOT_DONE', 'DENIED'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export type CustomerKind = 'SUBSCRIPTION' | 'LENDING';

export const SUBSCRIPTION_ORDER: readonly StepType[] = [
  'SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT', 'SIGNATURE', 'CHECKOUT', 'CONTRACT',
  'INSTALATION', 'PROJECT_STATUS',
];
export const LENDING_ORDER: readonly StepType[] = [
  'SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT', 'PROPOSAL_FINAL', 'CONTRACT', 'SUPPLY',
  'INSTALATION', 'PROJECT_STATUS',
];

/** One entry of GET /portal/customers/steps (its schema: src/shared/process/payloads.ts). Plain types here
 * keep the validation library out of the landing page, which needs only the rules below. */
export interface MenuStep {
  client_id: number;
  type: StepType;
  status: StepStatus;
}

/**
 * The current step: the first PENDING step (spec §4 "next pending step"); INSTALATION when it is
 * approved and there is no project status; PROJECT_STATUS when present. With nothing pending, the
 * first step that is not approved; with everything approved, the last reached step.
 */
export function currentStep(steps: readonly Pick<MenuStep, 'type' | 'status'>[], hasCustomerSuccess = false): StepType {
  const list = hasCustomerSuccess && !steps.some((s) => s.type === 'PROJECT_STATUS')
    ? [...steps, { type: 'PROJECT_STATUS' as const, status: 'APPROVED' as const }]
    : steps;
  if (list.some((s) => s.type === 'PROJECT_STATUS')) return 'PROJECT_STATUS';
  if (list.some((s) => s.type === 'INSTALATION' && s.status === 'APPROVED')) return 'INSTALATION';
  const pending = list.find((s) => s.status === 'PENDING');
  if (pending) return pending.type;
  const open = list.find((s) => s.status !== 'APPROVED');
  if (open) return open.type;
  return list.at(-1)?.type ?? 'SIMULATION';
}

/**
 * Spec §2 landing table: the screen (a key of src/shared/routes.ts) for the current step.
 * `paymentTypeStored` sends proposal-final to payment; "anything else" is the simulation, which is
 * the bill page.
 */
export function landingRoute(step: StepType, kind: CustomerKind, paymentTypeStored = false): PrivateScreenKey {
  const lending = kind === 'LENDING';
  switch (step) {
    case 'CONTRACT': return lending ? 'payment' : 'customersSignature';
    case 'CHECKOUT':
    case 'SUPPLY': return lending ? 'payment' : 'bookingPayment';
    case 'BILL':
    case 'SIMULATION': return 'bill';
    case 'INSTALATION': return 'customersSignature';
    case 'SIGNATURE': return 'planSignature';
    case 'PROPOSAL_INITIAL': return 'proposalInitial';
    case 'TECHNICAL_VISIT': return 'technicalVisit';
    case 'PROPOSAL_FINAL': return paymentTypeStored ? 'payment' : 'proposalFinal';
    case 'PROJECT_STATUS': return 'projectStatus';
    default: return 'bill';
  }
}
