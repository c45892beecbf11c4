import { currentStep, type CustomerKind, type MenuStep, type StepStatus, type StepType } from './steps';

/** What the navigation needs of a step (the profile's `steps` and the steps call both fit). */
export type NavStep = Pick<MenuStep, 'type' | 'status'>;

/**
 * The side navigation (spec §2 "Side navigation"): its six items, which steps each covers, when an
 * item may be opened and which item a path selects. Screens render these; they do not decide.
 */
export type MenuItemKey = 'bill' | 'proposal' | 'visit' | 'plan' | 'status' | 'payment';

export interface MenuItem {
  key: MenuItemKey;
  label: string;
  /** Path without the language segment. */
  path: string;
  /** The steps this item stands for, per customer kind (empty: the item is not for that kind). */
  steps: Record<CustomerKind, readonly StepType[]>;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'bill', label: 'Conta de luz', path: '/bill', steps: { SUBSCRIPTION: ['SIMULATION', 'BILL'], LENDING: ['SIMULATION', 'BILL'] } },
  { key: 'proposal', label: 'Proposta inicial', path: '/proposal-initial', steps: { SUBSCRIPTION: ['PROPOSAL_INITIAL'], LENDING: ['PROPOSAL_INITIAL'] } },
  { key: 'visit', label: 'Visita técnica', path: '/technical-visit', steps: { SUBSCRIPTION: ['TECHNICAL_VISIT'], LENDING: ['TECHNICAL_VISIT'] } },
  // Subscription customers choose a plan, pay the booking and sign the adhesion term under this item.
  { key: 'plan', label: 'Assinatura do plano', path: '/plan-signature', steps: { SUBSCRIPTION: ['SIGNATURE', 'CHECKOUT', 'CONTRACT'], LENDING: [] } },
  { key: 'status', label: 'Status do projeto', path: '/project-status', steps: { SUBSCRIPTION: ['INSTALATION', 'PROJECT_STATUS'], LENDING: ['INSTALATION', 'PROJECT_STATUS'] } },
  // Lending customers (cash or financing) do the final proposal, contract and supply on the payment screen.
  { key: 'payment', label: 'Pagamento', path: '/payment', steps: { SUBSCRIPTION: [], LENDING: ['PROPOSAL_FINAL', 'CONTRACT', 'SUPPLY'] } },
];

/** Removes the language segment: '/pt/bill' -> '/bill', '/pt' -> '/'. */
export function pathWithoutLanguage(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const stripped = clean.replace(/^\/[a-z]{2}(-[a-z]{2})?(?=\/|$)/i, '');
  return stripped.replace(/\/+$/, '') || '/';
}

/**
 * Whether an item can be opened. Nothing can before the menu loads. The bill item always can;
 * another item can when one of its steps was reached: the customer's current step, or a step that
 * is no longer NOT_DONE (pending review, approved or denied).
 */
export function isMenuItemEnabled(item: MenuItem, menu: readonly NavStep[] | undefined, kind: CustomerKind): boolean {
  if (!menu) return false;
  const steps = item.steps[kind];
  if (steps.length === 0) return false;
  if (item.key === 'bill') return true;
  const current = currentStep(menu);
  return menu.some((s) => steps.includes(s.type) && (s.status !== 'NOT_DONE' || s.type === current));
}

/**
 * The item a path highlights. plan-signature, customers-signature and booking-payment highlight
 * the plan item for subscription customers; lending customers sign and pay on the payment screen.
 */
export function selectedMenuItem(path: string, kind: CustomerKind): MenuItemKey | null {
  const p = pathWithoutLanguage(path);
  switch (p) {
    case '/bill':
    case '/simulation':
      return 'bill';
    case '/proposal-initial':
      return 'proposal';
    case '/technical-visit':
      return 'visit';
    case '/plan-signature':
    case '/booking-payment':
      return kind === 'SUBSCRIPTION' ? 'plan' : 'payment';
    case '/customers-signature':
      return kind === 'SUBSCRIPTION' ? 'plan' : 'payment';
    case '/proposal-final':
      // a subscription customer at the offer (SIGNATURE) may buy instead: the final proposal sits with the plan choice
      return kind === 'SUBSCRIPTION' ? 'plan' : 'payment';
    case '/payment':
      return 'payment';
    case '/project-status':
      return 'status';
    default:
      return null;
  }
}

/** The status of the bill step, for the bill item's icon (spec: APPROVED, NOT_DONE, PENDING, DENIED). */
export function billStepStatus(menu: readonly NavStep[] | undefined): StepStatus | null {
  return menu?.find((s) => s.type === 'BILL')?.status ?? null;
}

/**
 * Spec §2: the list of step items is shown (after a 1-second delay) once the bill step's status is
 * known and is not PENDING; for LENDING customers whatever the bill's status. Until then the items
 * stay drawn but disabled: a subscription customer whose bill is under analysis waits on the bill page.
 */
/**
 * Whether an item can be pressed now: the bill item as soon as the menu loads (the bill page is
 * always open, spec §2 guard), so a customer waiting on another page can always go back to it;
 * the others only once the list is shown (`mayRevealMenuList` plus the one-second delay).
 */
export function isMenuItemOpen(item: MenuItem, menu: readonly NavStep[] | undefined, kind: CustomerKind, listShown: boolean): boolean {
  return (listShown || item.key === 'bill') && isMenuItemEnabled(item, menu, kind);
}

export function mayRevealMenuList(menu: readonly NavStep[] | undefined, kind: CustomerKind): boolean {
  if (!menu) return false;
  if (kind === 'LENDING') return true;
  const bill = billStepStatus(menu);
  return bill !== null && bill !== 'PENDING';
}
