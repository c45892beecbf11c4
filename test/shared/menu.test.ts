import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, billStepStatus, isMenuItemEnabled, selectedMenuItem } from '../../src/shared/menu';
import { pathWithoutLanguage } from '../../src/shared/routes';
import type { MenuStep } from '../../src/shared/steps';

const item = (key: string) => MENU_ITEMS.find((i) => i.key === key)!;
const step = (type: MenuStep['type'], status: MenuStep['status']): MenuStep => ({ client_id: 1, type, status });

describe('side navigation rules', () => {
  it('lists the six items in order', () => {
    expect(MENU_ITEMS.map((i) => i.label)).toEqual([
      'Conta de luz', 'Proposta inicial', 'Visita técnica', 'Assinatura do plano', 'Status do projeto', 'Pagamento',
    ]);
  });

  it('disables every item until the menu loads', () => {
    for (const i of MENU_ITEMS) expect(isMenuItemEnabled(i, undefined, 'SUBSCRIPTION')).toBe(false);
  });

  it('a new customer (SIMULATION and BILL open) can open only the bill item', () => {
    const menu = [step('SIMULATION', 'NOT_DONE'), step('BILL', 'NOT_DONE')];
    expect(MENU_ITEMS.filter((i) => isMenuItemEnabled(i, menu, 'SUBSCRIPTION')).map((i) => i.key)).toEqual(['bill']);
  });

  it('opens the items of reached steps: approved, under review, or current', () => {
    const menu = [
      step('SIMULATION', 'APPROVED'), step('BILL', 'APPROVED'), step('PROPOSAL_INITIAL', 'APPROVED'),
      step('TECHNICAL_VISIT', 'PENDING'), step('SIGNATURE', 'NOT_DONE'),
    ];
    const open = MENU_ITEMS.filter((i) => isMenuItemEnabled(i, menu, 'SUBSCRIPTION')).map((i) => i.key);
    expect(open).toEqual(['bill', 'proposal', 'visit']);
  });

  it('the plan item is for subscription customers, payment for lending ones', () => {
    const menu = [step('SIGNATURE', 'NOT_DONE'), step('PROPOSAL_FINAL', 'NOT_DONE')];
    expect(isMenuItemEnabled(item('plan'), menu, 'SUBSCRIPTION')).toBe(true);
    expect(isMenuItemEnabled(item('plan'), menu, 'LENDING')).toBe(false);
    expect(isMenuItemEnabled(item('payment'), [step('PROPOSAL_FINAL', 'NOT_DONE')], 'LENDING')).toBe(true);
  });

  it('derives the selected item from the path', () => {
    expect(selectedMenuItem('/pt/bill', 'SUBSCRIPTION')).toBe('bill');
    expect(selectedMenuItem('/simulation', 'SUBSCRIPTION')).toBe('bill');
    expect(selectedMenuItem('/pt/booking-payment', 'SUBSCRIPTION')).toBe('plan');
    expect(selectedMenuItem('/pt/customers-signature', 'SUBSCRIPTION')).toBe('plan');
    expect(selectedMenuItem('/pt/plan-signature', 'SUBSCRIPTION')).toBe('plan');
    expect(selectedMenuItem('/pt/customers-signature', 'LENDING')).toBe('payment');
    expect(selectedMenuItem('/pt/project-status?x=1', 'LENDING')).toBe('status');
    expect(selectedMenuItem('/pt/profile', 'SUBSCRIPTION')).toBeNull();
  });

  it('opens the final proposal to a subscription customer at the offer (with the plan choice), not before', () => {
    expect(selectedMenuItem('/pt/proposal-final', 'SUBSCRIPTION')).toBe('plan');
    expect(selectedMenuItem('/pt/proposal-final', 'LENDING')).toBe('payment');
    const atOffer = [step('PROPOSAL_INITIAL', 'APPROVED'), step('TECHNICAL_VISIT', 'APPROVED'), step('SIGNATURE', 'NOT_DONE')];
    const atVisit = [step('PROPOSAL_INITIAL', 'APPROVED'), step('TECHNICAL_VISIT', 'PENDING')];
    expect(isMenuItemEnabled(item(selectedMenuItem('/proposal-final', 'SUBSCRIPTION')!), atOffer, 'SUBSCRIPTION')).toBe(true);
    expect(isMenuItemEnabled(item(selectedMenuItem('/proposal-final', 'SUBSCRIPTION')!), atVisit, 'SUBSCRIPTION')).toBe(false);
  });

  it('strips the language segment', () => {
    expect(pathWithoutLanguage('/pt/sign-up/access-code')).toBe('/sign-up/access-code');
    expect(pathWithoutLanguage('/pt')).toBe('/');
    expect(pathWithoutLanguage('/pt-br/bill')).toBe('/bill');
    expect(pathWithoutLanguage('/bill/')).toBe('/bill');
  });

  it('reads the bill step status for the icon', () => {
    expect(billStepStatus(undefined)).toBeNull();
    expect(billStepStatus([step('BILL', 'PENDING')])).toBe('PENDING');
  });
});

describe('side navigation reveal rule (spec §2)', () => {
  it('shows the list once the bill step is known and not pending; for LENDING whatever the bill', async () => {
    const { mayRevealMenuList } = await import('../../src/shared/menu');
    const withBill = (status: MenuStep['status']) => [step('SIMULATION', 'APPROVED'), step('BILL', status)];
    expect(mayRevealMenuList(undefined, 'SUBSCRIPTION')).toBe(false);
    expect(mayRevealMenuList([step('SIMULATION', 'APPROVED')], 'SUBSCRIPTION')).toBe(false);
    expect(mayRevealMenuList(withBill('PENDING'), 'SUBSCRIPTION')).toBe(false);
    for (const status of ['NOT_DONE', 'APPROVED', 'DENIED'] as const) expect(mayRevealMenuList(withBill(status), 'SUBSCRIPTION')).toBe(true);
    expect(mayRevealMenuList(withBill('PENDING'), 'LENDING')).toBe(true);
    expect(mayRevealMenuList(undefined, 'LENDING')).toBe(false);
  });
});

describe('items open while the list waits', () => {
  it('the bill item opens with the menu; the others only once the list is shown', async () => {
    const { isMenuItemOpen } = await import('../../src/shared/menu');
    const menu = [step('SIMULATION', 'APPROVED'), step('BILL', 'APPROVED'), step('PROPOSAL_INITIAL', 'NOT_DONE')];
    expect(isMenuItemOpen(item('bill'), menu, 'SUBSCRIPTION', false)).toBe(true);
    expect(isMenuItemOpen(item('proposal'), menu, 'SUBSCRIPTION', false)).toBe(false);
    expect(isMenuItemOpen(item('proposal'), menu, 'SUBSCRIPTION', true)).toBe(true);
    expect(isMenuItemOpen(item('bill'), undefined, 'SUBSCRIPTION', true)).toBe(false);
  });
});

describe('the final proposal in the side navigation (issue 10)', () => {
  it('is an item after the visit once published, for a customer at the offer or later; not before', async () => {
    const { menuItems, isMenuItemEnabled: enabled, FINAL_PROPOSAL_ITEM } = await import('../../src/shared/menu');
    const atOffer = [step('PROPOSAL_INITIAL', 'APPROVED'), step('TECHNICAL_VISIT', 'APPROVED'), step('SIGNATURE', 'NOT_DONE')];
    const atVisit = [step('PROPOSAL_INITIAL', 'APPROVED'), step('TECHNICAL_VISIT', 'PENDING')];
    expect(menuItems(atOffer, true).map((i) => i.label)).toEqual([
      'Conta de luz', 'Proposta inicial', 'Visita técnica', 'Proposta final', 'Assinatura do plano', 'Status do projeto', 'Pagamento',
    ]);
    // not published yet, or published claims before the visit is approved: the spec's six
    expect(menuItems(atOffer, false)).toBe(MENU_ITEMS);
    expect(menuItems(atVisit, true)).toBe(MENU_ITEMS);
    expect(enabled(FINAL_PROPOSAL_ITEM, atOffer, 'SUBSCRIPTION')).toBe(true);
    expect(enabled(FINAL_PROPOSAL_ITEM, atOffer, 'LENDING')).toBe(true);
    expect(enabled(FINAL_PROPOSAL_ITEM, atVisit, 'SUBSCRIPTION')).toBe(false);
    // on the page itself the item is there (the page the customer is on is always an item)
    expect(menuItems(atOffer, false, '/pt/proposal-final').map((i) => i.key)).toContain('finalProposal');
  });

  it('the final proposal page highlights its own item once shown; the plan pages still highlight the plan', async () => {
    const { menuItems, highlightedMenuItem } = await import('../../src/shared/menu');
    const atOffer = [step('TECHNICAL_VISIT', 'APPROVED'), step('SIGNATURE', 'NOT_DONE')];
    const shown = menuItems(atOffer, true, '/pt/proposal-final');
    expect(highlightedMenuItem('/pt/proposal-final', 'SUBSCRIPTION', shown)).toBe('finalProposal');
    expect(highlightedMenuItem('/pt/proposal-final', 'LENDING', shown)).toBe('finalProposal');
    expect(highlightedMenuItem('/pt/plan-signature', 'SUBSCRIPTION', shown)).toBe('plan');
    expect(highlightedMenuItem('/pt/bill', 'SUBSCRIPTION', shown)).toBe('bill');
    expect(highlightedMenuItem('/pt/proposal-final', 'SUBSCRIPTION', MENU_ITEMS)).toBe('plan');
  });
});
