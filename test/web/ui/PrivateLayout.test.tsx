// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivateLayout } from '../../../src/web/ui/PrivateLayout/PrivateLayout';
import type { MenuStep } from '#shared/steps';

afterEach(cleanup);

const LABELS = ['Conta de luz', 'Proposta inicial', 'Visita técnica', 'Assinatura do plano', 'Status do projeto', 'Pagamento'];
const step = (type: MenuStep['type'], status: MenuStep['status']): MenuStep => ({ client_id: 1, type, status });

function renderLayout(props: Partial<Parameters<typeof PrivateLayout>[0]> = {}) {
  const onNavigate = vi.fn();
  const onLogout = vi.fn();
  render(
    <PrivateLayout currentPath="/pt/bill" onNavigate={onNavigate} onLogout={onLogout} {...props}>
      <h1>Conta de luz</h1>
    </PrivateLayout>,
  );
  const nav = screen.getByRole('navigation', { name: 'Etapas da sua jornada' });
  return { nav, onNavigate, onLogout };
}

describe('PrivateLayout', () => {
  it("the first Tab stop is 'Pular para o conteúdo'; Enter puts the keyboard on the page, past the navigation", async () => {
    const user = userEvent.setup();
    renderLayout({ menu: [step('SIMULATION', 'APPROVED'), step('BILL', 'APPROVED'), step('PROPOSAL_INITIAL', 'PENDING')] });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Conta de luz' })).toBeTruthy();
  });

  it('shows the six items, all disabled (aria-disabled) and inert until the menu arrives', async () => {
    const { nav, onNavigate } = renderLayout();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(LABELS);
    for (const link of links) expect(link.getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(links[0]!);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('enables reached items once the menu arrives and navigates by path without the language', async () => {
    const menu = [step('SIMULATION', 'APPROVED'), step('BILL', 'PENDING'), step('PROPOSAL_INITIAL', 'NOT_DONE')];
    const { nav, onNavigate } = renderLayout({ menu, currentPath: '/pt/proposal-initial' });
    const bill = within(nav).getByRole('link', { name: /Conta de luz/ });
    expect(bill.getAttribute('aria-disabled')).toBeNull();
    expect(bill.textContent).toContain('em análise');
    const proposal = within(nav).getByRole('link', { name: 'Proposta inicial' });
    expect(proposal.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Visita técnica' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(bill);
    expect(onNavigate).toHaveBeenCalledWith('/bill');
  });

  it('draws the items but the bill disabled while the list is not shown, saying why when the bill is in analysis', () => {
    const menu = [step('SIMULATION', 'APPROVED'), step('BILL', 'PENDING'), step('PROPOSAL_INITIAL', 'APPROVED')];
    const { nav } = renderLayout({ menu, isMenuShown: false, currentPath: '/pt/profile' });
    const bill = within(nav).getByRole('link', { name: /Conta de luz/ });
    // the bill page is always open: a customer waiting on another page can go back to it
    expect(bill.getAttribute('aria-disabled')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Proposta inicial' }).getAttribute('aria-disabled')).toBe('true');
    expect(bill.textContent).toContain('em análise');
    expect(within(nav).getByText('As próximas etapas aparecem aqui assim que a análise da sua conta de luz terminar.')).toBeTruthy();
  });

  it('highlights the plan item on booking-payment for subscription customers', () => {
    const { nav } = renderLayout({ currentPath: '/pt/booking-payment', menu: [step('CHECKOUT', 'NOT_DONE')] });
    expect(within(nav).getByRole('link', { name: 'Assinatura do plano' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the final proposal once published, after the visit, and highlights it on its page (issue 10)', async () => {
    const menu = [step('SIMULATION', 'APPROVED'), step('BILL', 'APPROVED'), step('PROPOSAL_INITIAL', 'APPROVED'), step('TECHNICAL_VISIT', 'APPROVED'), step('SIGNATURE', 'NOT_DONE')];
    const { nav, onNavigate } = renderLayout({ menu, finalProposalPublished: true, currentPath: '/pt/plan-signature' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Conta de luz'), 'Proposta inicial', 'Visita técnica', 'Proposta final', 'Assinatura do plano', 'Status do projeto', 'Pagamento',
    ]);
    const final = within(nav).getByRole('link', { name: 'Proposta final' });
    expect(final.getAttribute('aria-disabled')).toBeNull();
    expect(final.getAttribute('aria-current')).toBeNull();
    await userEvent.setup().click(final);
    expect(onNavigate).toHaveBeenCalledWith('/proposal-final');
    cleanup();

    const onPage = renderLayout({ menu, finalProposalPublished: true, currentPath: '/pt/proposal-final' });
    expect(within(onPage.nav).getByRole('link', { name: 'Proposta final' }).getAttribute('aria-current')).toBe('page');
    // one item is the page the customer is on, not the plan's as well
    expect(within(onPage.nav).getByRole('link', { name: 'Assinatura do plano' }).getAttribute('aria-current')).toBeNull();
    expect(within(onPage.nav).getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('without a published final proposal the six items stay', () => {
    const menu = [step('TECHNICAL_VISIT', 'APPROVED'), step('SIGNATURE', 'NOT_DONE')];
    const { nav } = renderLayout({ menu, currentPath: '/pt/plan-signature' });
    expect(within(nav).queryByRole('link', { name: 'Proposta final' })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
  });

  it('opens the privacy policy PDF in a new tab', () => {
    renderLayout();
    const link = screen.getByRole('link', { name: 'Política de privacidade' });
    expect(link.getAttribute('href')).toBe('/politica-de-privacidade.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('has profile and logout, and the header slot for the bell', async () => {
    const onNavigate = vi.fn();
    const onLogout = vi.fn();
    render(
      <PrivateLayout currentPath="/pt/profile" onNavigate={onNavigate} onLogout={onLogout} headerSlot={<button>Notificações</button>}>
        <p>conteúdo</p>
      </PrivateLayout>,
    );
    const user = userEvent.setup();
    const profile = screen.getByRole('link', { name: 'Meu perfil' });
    expect(profile.getAttribute('aria-current')).toBe('page');
    await user.click(profile);
    expect(onNavigate).toHaveBeenCalledWith('/profile');
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeTruthy();
  });

  it('the menu button opens a drawer with the same navigation and the FAQ entry', async () => {
    const onFaq = vi.fn();
    const onNavigate = vi.fn();
    render(
      <PrivateLayout currentPath="/bill" menu={[step('BILL', 'NOT_DONE')]} onNavigate={onNavigate} onLogout={() => {}} onFaq={onFaq}>
        <p>conteúdo</p>
      </PrivateLayout>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Perguntas frequentes' }));
    expect(onFaq).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
