import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LoadingScreen } from '../ui/LoadingScreen/LoadingScreen';
import { FaqDialog } from '../features/faq/FaqDialog/FaqDialog';
import { NotificationBell } from '../features/notification/NotificationBell/NotificationBell';
import { PrivateLayout } from '../ui/PrivateLayout/PrivateLayout';
import PlaceholderScreen, { PRIVATE_TITLES } from '../features/placeholder/PlaceholderScreen';
import { useApiLoader, useJourney, useJourneyActor } from '../journey/JourneyContext';
import { screenPath } from '../../../machines/journey/journeyMachine';
import { useGo } from '../journey/useGo';
import { BRAND_NAME } from '#shared/brand';

const BillScreen = lazy(() => import('../features/bill/BillScreen'));
const ProposalScreen = lazy(() => import('../features/proposal/ProposalScreen'));
const VisitScreen = lazy(() => import('../features/visit/VisitScreen'));

/** The signed-in frame with the screen of the private route (its own chunk: visitors never load it). */
export default function PrivateShell() {
  const machinePath = useJourney((s) => screenPath(s));
  // while a logout runs the machine names no screen: the one the customer was on stays mounted, so a
  // failed logout ('Não foi possível fazer logout') gives back the page with nothing typed lost
  const lastPath = useRef(machinePath);
  if (machinePath) lastPath.current = machinePath;
  const path = machinePath ?? lastPath.current;
  // leaving the signed-in part (logout) gives the document its title back; this effect runs first,
  // so it keeps the title from before the page's own
  useEffect(() => {
    const before = document.title;
    return () => { document.title = before; };
  }, []);
  // each private page has its own title (WCAG 2.4.2): tabs, history and screen readers name the page
  useEffect(() => {
    const name = path ? PRIVATE_TITLES[path] : undefined;
    if (name) document.title = `${name} | ${BRAND_NAME}`;
  }, [path]);
  const loggingOut = useJourney((s) => s.matches({ signedIn: { screen: 'loggingOut' } }));
  // spec §2: the list of steps shows one second after the bill step is known and not PENDING (the journey decides)
  const menuShown = useJourney((s) => s.matches({ signedIn: { menu: { list: 'shown' } } }));
  const customer = useJourney((s) => s.context.customer);
  const actor = useJourneyActor();
  const getApi = useApiLoader();
  const go = useGo();
  const [faqOpen, setFaqOpen] = useState(false);
  return (
    <PrivateLayout
      currentPath={path ?? '/bill'}
      menu={customer?.steps}
      isMenuShown={menuShown}
      customerKind={customer?.subscription_lending}
      onNavigate={(p) => go(p)}
      onLogout={() => actor.send({ type: 'logout' })}
      onFaq={() => setFaqOpen(true)}
      isLoggingOut={loggingOut}
      // a reloaded menu means the process moved: the bell asks for its list again
      headerSlot={<NotificationBell getApi={getApi} refreshKey={customer} />}
    >
      <Suspense fallback={<LoadingScreen inline />}>
        {path === '/bill' ? <BillScreen /> : path === '/proposal-initial' || path === '/proposal-final' ? <ProposalScreen /> : path === '/technical-visit' ? <VisitScreen /> : <PlaceholderScreen />}
      </Suspense>
      <FaqDialog isOpen={faqOpen} onOpenChange={setFaqOpen} />
    </PrivateLayout>
  );
}
