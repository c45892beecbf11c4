import { menuItemOfScreen, menuLabelOf, pathWithoutLanguage, SCREENS, screenByPath, type ScreenKey, type ScreenPath } from './routes';
import { currentStep, type CustomerKind, type MenuStep, type StepStatus, type StepType } from './steps';

/** What the navigation needs of a step (the profile's `steps` and the steps call both fit). */
export type NavStep = Pick<MenuStep, 'type' | 'status'>;

/**
 * The side navigation (spec §2 "Side navigation"): its six items, which steps each covers, when an
 * item may be opened and which item a path selects. Screens render these; they do not decide.
 */
export type MenuItemKey = 'bill' | 'proposal' | 'visit' | 'plan' | 'status' | 'payment' | 'finalProposal';

export interface MenuItem {
  key: MenuItemKey;
  /** The screen the item opens; its label is that screen's menu label, else its title. */
  screen: ScreenKey;
  label: string;
  /** Path without the language segment. */
  path: ScreenPath;
  /** The steps this item stands for, per customer kind (empty: the item is not for that kind). */
  steps: Record<CustomerKind, readonly StepType[]>;
}

const item = (key: MenuItemKey, screen: ScreenKey, steps: MenuItem['steps']): MenuItem =>
  ({ key, screen, label: menuLabelOf(screen), path: SCREENS[screen].path, steps });

export const MENU_ITEMS: readonly MenuItem[] = [
  item('bill', 'bill', { SUBSCRIPTION: ['SIMULATION', 'BILL'], LENDING: ['SIMULATION', 'BILL'] }),
  item('proposal', 'proposalInitial', { SUBSCRIPTION: ['PROPOSAL_INITIAL'], LENDING: ['PROPOSAL_INITIAL'] }),
  item('visit', 'technicalVisit', { SUBSCRIPTION: ['TECHNICAL_VISIT'], LENDING: ['TECHNICAL_VISIT'] }),
  // Subscription customers choose a plan, pay the booking and sign the adhesion term under this item.
  item('plan', 'planSignature', { SUBSCRIPTION: ['SIGNATURE', 'CHECKOUT', 'CONTRACT'], LENDING: [] }),
  item('status', 'projectStatus', { SUBSCRIPTION: ['INSTALATION', 'PROJECT_STATUS'], LENDING: ['INSTALATION', 'PROJECT_STATUS'] }),
  // Lending customers (cash or financing) do the final proposal, contract and supply on the payment screen.
  item('payment', 'payment', { SUBSCRIPTION: [], LENDING: ['PROPOSAL_FINAL', 'CONTRACT', 'SUPPLY'] }),
];

/**
 * The final proposal's own item (issue 10: a returning customer at the offer landed on the plans
 * with no way back to it). Not one of the spec's six: it is shown after the visit once staff publish
 * the final proposal (or while the customer is on that page), for both kinds of customer.
 */
export const FINAL_PROPOSAL_ITEM: MenuItem = item('finalProposal', 'proposalFinal', {
  SUBSCRIPTION: ['SIGNATURE', 'CHECKOUT', 'CONTRACT', 'INSTALATION', 'PROJECT_STATUS'],
  LENDING: ['PROPOSAL_FINAL', 'CONTRACT', 'SUPPLY', 'INSTALATION', 'PROJECT_STATUS'],
});

/** A final proposal can exist: the visit is accomplished and approved (staff publish it only then). */
export function finalProposalMayExist(menu: readonly NavStep[] | undefined): boolean {
  return menu?.some((s) => s.type === 'TECHNICAL_VISIT' && s.status === 'APPROVED') ?? false;
}

/**
 * The items the side navigation shows, in order: the spec's six, and the final proposal's right
 * after the visit once it is published (`finalProposalPublished`, from the proposals call) or
 * while the customer is on it (`currentPath`), so the page the customer is on is always an item.
 */
export function menuItems(menu: readonly NavStep[] | undefined, finalProposalPublished: boolean, currentPath?: string): readonly MenuItem[] {
  const onFinal = currentPath !== undefined && screenByPath(pathWithoutLanguage(currentPath)) === 'proposalFinal';
  if (!onFinal && !(finalProposalPublished && finalProposalMayExist(menu))) return MENU_ITEMS;
  const at = MENU_ITEMS.findIndex((i) => i.key === 'visit') + 1;
  return [...MENU_ITEMS.slice(0, at), FINAL_PROPOSAL_ITEM, ...MENU_ITEMS.slice(at)];
}

/**
 * The item of the page the customer is on, among the items shown: /proposal-final its own item when
 * shown; otherwise the screen table's item (plan-signature, customers-signature and booking-payment
 * the plan item for subscription customers, spec §2).
 */
export function highlightedMenuItem(path: string, kind: CustomerKind, shown: readonly MenuItem[]): MenuItemKey | null {
  const screen = screenByPath(pathWithoutLanguage(path));
  const own = shown.find((i) => i.screen === screen && i.key === 'finalProposal');
  return own ? own.key : selectedMenuItem(path, kind);
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
  // shown once published; published only after the visit is accomplished and approved
  if (item.key === 'finalProposal') return finalProposalMayExist(menu);
  const current = currentStep(menu);
  return menu.some((s) => steps.includes(s.type) && (s.status !== 'NOT_DONE' || s.type === current));
}

/**
 * The item a path (with or without the language) highlights: the screen's menu item in the screen
 * table (src/shared/routes.ts), per customer kind where it differs.
 */
export function selectedMenuItem(path: string, kind: CustomerKind): MenuItemKey | null {
  const screen = screenByPath(pathWithoutLanguage(path));
  return screen ? menuItemOfScreen(screen, kind) : null;
}

/** The status of the bill step, for the bill item's icon (spec: APPROVED, NOT_DONE, PENDING, DENIED). */
export function billStepStatus(menu: readonly NavStep[] | undefined): StepStatus | null {
  return menu?.find((s) => s.type === 'BILL')?.status ?? null;
}

/**
 * Whether an item can be pressed now: the bill item as soon as the menu loads (the bill page is
 * always open, spec §2 guard), so a customer waiting on another page can always go back to it;
 * the others only once the list is shown (`mayRevealMenuList` plus the one-second delay).
 */
export function isMenuItemOpen(item: MenuItem, menu: readonly NavStep[] | undefined, kind: CustomerKind, listShown: boolean): boolean {
  return (listShown || item.key === 'bill') && isMenuItemEnabled(item, menu, kind);
}

/**
 * Spec §2: the list of step items is shown (after a 1-second delay) once the bill step's status is
 * known and is not PENDING; for LENDING customers whatever the bill's status. Until then the items
 * stay drawn but disabled: a subscription customer whose bill is under analysis waits on the bill page.
 */
export function mayRevealMenuList(menu: readonly NavStep[] | undefined, kind: CustomerKind): boolean {
  if (!menu) return false;
  if (kind === 'LENDING') return true;
  const bill = billStepStatus(menu);
  return bill !== null && bill !== 'PENDING';
}
