import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { STAFF_PAGES, staffMachine, staffScreen, type StaffPage, type StaffScreen } from '#machines/staff/staffMachine';
import { ANY_STAFF, hasRole, type StaffRole } from '#shared/staff/roles';
import { createStaffApi, type StaffApi } from './api';
import { SignInScreen } from './screens/SignInScreen';
import { InvitationScreen } from './screens/InvitationScreen';
import { HomeScreen } from './screens/HomeScreen';
import { BillReviewScreen } from './screens/BillReviewScreen';
import { CustomerScreen } from './screens/CustomerScreen';
import { AuditScreen, TeamScreen } from './screens/AdminScreens';
import { AgendaScreen } from './screens/AgendaScreen';
import { FaqScreen } from './screens/FaqScreen';
import { CoverageScreen } from './screens/CoverageScreen';
import { AccountScreen } from './screens/AccountScreen';
import * as css from './backoffice.css';

/** The back-office's URLs: the router only mirrors the machine's screen (as in the portal). */
export const STAFF_PATHS = {
  home: '/staff',
  signIn: '/staff/entrar',
  invitation: '/staff/convite',
  audit: '/staff/auditoria',
  team: '/staff/equipe',
  agenda: '/staff/agenda',
  faq: '/staff/perguntas',
  coverage: '/staff/cobertura',
  account: '/staff/minha-conta',
  customer: (customerId: number) => `/staff/clientes/${customerId}`,
  bill: (customerId: number) => `/staff/clientes/${customerId}/conta`,
} as const;

const customerPath = /^\/staff\/clientes\/(\d+)(\/conta)?\/?$/;

/** What the URL asks for when the page opens: an invitation, a customer's page or bill, or the home. */
export function askedFor(pathname: string): { invitation: boolean; customerId: number | null; bill: boolean; page?: StaffPage } {
  const customer = customerPath.exec(pathname);
  const path = pathname.replace(/\/$/, '');
  const page = STAFF_PAGES.find((p) => STAFF_PATHS[p] === path);
  return { invitation: path === STAFF_PATHS.invitation, customerId: customer ? Number(customer[1]) : null, bill: Boolean(customer?.[2]), ...(page ? { page } : {}) };
}

const TITLES: Record<StaffScreen, string> = {
  checking: 'Carregando', signIn: 'Entrar', invitation: 'Convite', home: 'Filas de trabalho', customer: 'Cliente', bill: 'Revisão da conta de luz',
  audit: 'Auditoria', team: 'Equipe', agenda: 'Agenda de visitas', faq: 'Perguntas frequentes', coverage: 'Cobertura', account: 'Minha conta',
};

/** The header's links to the pages not about one customer, each for the roles that work there (the server checks again). */
const NAV: ReadonlyArray<{ page: StaffPage; roles: readonly StaffRole[] }> = [
  { page: 'agenda', roles: ['scheduler', 'admin'] },
  { page: 'faq', roles: ['admin'] },
  { page: 'coverage', roles: ['admin'] },
  { page: 'audit', roles: ['admin'] },
  { page: 'team', roles: ['admin'] },
  { page: 'account', roles: ANY_STAFF },
];

function pathOf(screen: StaffScreen, customerId: number | null): string | null {
  switch (screen) {
    case 'signIn': return STAFF_PATHS.signIn;
    case 'invitation': return STAFF_PATHS.invitation;
    case 'home': return STAFF_PATHS.home;
    case 'audit': case 'team': case 'agenda': case 'faq': case 'coverage': case 'account': return STAFF_PATHS[screen];
    case 'customer': return customerId === null ? STAFF_PATHS.home : STAFF_PATHS.customer(customerId);
    case 'bill': return customerId === null ? STAFF_PATHS.home : STAFF_PATHS.bill(customerId);
    default: return null;
  }
}

export function StaffApp({ fetch: fetchImpl }: { fetch?: typeof fetch }) {
  // a 401 on any call: the session ended (idle, expired, ended by an admin)
  const [ended, setEnded] = useState(0);
  const api: StaffApi = useMemo(() => createStaffApi(() => setEnded((n) => n + 1), fetchImpl), [fetchImpl]);
  const actor = useActorRef(staffMachine.provide({
    actors: {
      checkSession: fromPromise(() => api.session()),
      endSession: fromPromise(() => api.signOut()),
      readInvitation: fromPromise(() => api.readInvitation(window.location.hash.replace(/^#/, ''))),
    },
  }), { input: askedFor(window.location.pathname) });
  const screen = useSelector(actor, staffScreen);
  const member = useSelector(actor, (s) => s.context.member);
  const customerId = useSelector(actor, (s) => s.context.customerId);
  const notice = useSelector(actor, (s) => s.context.notice);
  const invitation = useSelector(actor, (s) => s.context.invitationRead);
  const invitationError = useSelector(actor, (s) => s.context.invitationError);

  useEffect(() => { if (ended > 0) actor.send({ type: 'session.ended' }); }, [ended, actor]);
  // the URL mirrors the screen; Back and Forward become events
  useEffect(() => {
    const path = pathOf(screen, customerId);
    if (path && window.location.pathname !== path) window.history.pushState(null, '', path + (screen === 'invitation' ? window.location.hash : ''));
    document.title = `${TITLES[screen]} | Back-office Sol de Casa`;
  }, [screen, customerId]);
  useEffect(() => {
    const onPop = () => {
      const asked = askedFor(window.location.pathname);
      if (asked.page) actor.send({ type: `open.${asked.page}` });
      else if (asked.customerId === null) actor.send({ type: 'open.home' });
      else actor.send({ type: asked.bill ? 'open.bill' : 'open.customer', customerId: asked.customerId });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [actor]);

  const signedIn = screen === 'home' || screen === 'bill' || screen === 'customer' || (STAFF_PAGES as readonly string[]).includes(screen);
  const roles = member?.roles ?? [];
  return (
    <I18nProvider locale="pt-BR">
      <div className={css.shell}>
        <header className={css.bar}>
          <p className={css.barTitle}>Sol de Casa · Back-office</p>
          {signedIn && member ? (
            <nav aria-label="Conta" className={css.actions}>
              <span>{member.name}</span>
              {screen !== 'home' ? <button type="button" className={css.barLink} onClick={() => actor.send({ type: 'open.home' })}>Filas de trabalho</button> : null}
              {NAV.filter((n) => hasRole(roles, n.roles)).map((n) => (
                <button key={n.page} type="button" className={css.barLink} aria-current={screen === n.page ? 'page' : undefined} onClick={() => actor.send({ type: `open.${n.page}` })}>{TITLES[n.page]}</button>
              ))}
              <button type="button" className={css.barLink} onClick={() => actor.send({ type: 'signOut' })}>Sair</button>
            </nav>
          ) : null}
        </header>
        {screen === 'checking' ? <main className={css.main}><p role="status">Carregando…</p></main> : null}
        {screen === 'signIn' ? <SignInScreen api={api} sessionEnded={notice === 'sessionEnded'} onSignedIn={(m) => actor.send({ type: 'signedIn', member: m })} /> : null}
        {screen === 'invitation' ? <InvitationScreen api={api} invitation={invitation} loadError={invitationError} onSignedIn={(m) => actor.send({ type: 'signedIn', member: m })} /> : null}
        {screen === 'home' && member ? (
          <HomeScreen api={api} member={member} onOpenBill={(id) => actor.send({ type: 'open.bill', customerId: id })} onOpenCustomer={(id) => actor.send({ type: 'open.customer', customerId: id })} />
        ) : null}
        {screen === 'audit' ? <AuditScreen api={api} /> : null}
        {screen === 'team' ? <TeamScreen api={api} /> : null}
        {screen === 'agenda' && member ? <AgendaScreen api={api} member={member} onOpenCustomer={(id) => actor.send({ type: 'open.customer', customerId: id })} /> : null}
        {screen === 'faq' ? <FaqScreen api={api} /> : null}
        {screen === 'coverage' ? <CoverageScreen api={api} /> : null}
        {screen === 'account' && member ? <AccountScreen api={api} member={member} /> : null}
        {screen === 'customer' && customerId !== null ? <CustomerScreen key={customerId} api={api} customerId={customerId} roles={member?.roles ?? []} onOpenBill={() => actor.send({ type: 'open.bill', customerId })} /> : null}
        {screen === 'bill' && customerId !== null ? <BillReviewScreen key={customerId} api={api} customerId={customerId} roles={member?.roles ?? []} onDone={() => actor.send({ type: 'open.home' })} /> : null}
      </div>
    </I18nProvider>
  );
}
