import { Suspense, useEffect, useRef, useState } from 'react';
import { PATHS, screenByPath, type PrivateScreenKey } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { PageLoading } from '../ui/Page/PageLoading';
import { dropEarlyHead } from './earlyHead';
import { FaqDialog } from '../ui/FaqDialog/FaqDialog';
import { NotificationBell } from '../features/notification/NotificationBell/NotificationBell';
import { PrivateLayout } from '../ui/PrivateLayout/PrivateLayout';
import { useApiLoader, useJourney, useJourneyActor } from '../journey/JourneyContext';
import { useGo } from '../journey/useGo';
import { PRIVATE_SCREEN_COMPONENTS } from './privateScreens';
import { useFinalProposalPublished } from '../features/proposal/useFinalProposalPublished';

/** The signed-in frame with the screen of the private route (its own chunk: visitors never load it). */
export default function PrivateShell() {
  const machinePath = useJourney((s) => screenPath(s));
  // while a logout runs the machine names no screen: the one the customer was on stays mounted, so a
  // failed logout ('Não foi possível fazer logout') gives back the page with nothing typed lost
  const lastPath = useRef(machinePath);
  if (machinePath) lastPath.current = machinePath;
  const path = machinePath ?? lastPath.current ?? PATHS.bill;
  const key = (screenByPath(path) as PrivateScreenKey | undefined) ?? 'bill';
  const Screen = PRIVATE_SCREEN_COMPONENTS[key];
  // the frame is drawn: the head index.html painted is not needed again
  useEffect(() => dropEarlyHead(), []);
  const loggingOut = useJourney((s) => s.matches({ signedIn: { screen: 'loggingOut' } }));
  // spec §2: the list of steps shows one second after the bill step is known and not PENDING (the journey decides)
  const menuShown = useJourney((s) => s.matches({ signedIn: { menu: { list: 'shown' } } }));
  const customer = useJourney((s) => s.context.customer);
  const actor = useJourneyActor();
  const getApi = useApiLoader();
  const go = useGo();
  const [faqOpen, setFaqOpen] = useState(false);
  // the final proposal's menu item shows once staff publish it; a new notification may say they did
  const [arrivals, setArrivals] = useState(0);
  const finalProposalPublished = useFinalProposalPublished(getApi, customer, arrivals);
  return (
    <PrivateLayout
      currentPath={path}
      menu={customer?.steps}
      isMenuShown={menuShown}
      finalProposalPublished={finalProposalPublished}
      customerKind={customer?.subscription_lending}
      onNavigate={(p) => go(p)}
      onLogout={() => actor.send({ type: 'logout' })}
      onFaq={() => setFaqOpen(true)}
      isLoggingOut={loggingOut}
      // a reloaded menu means the process moved: the bell asks for its list again
      // a notification that names a screen opens it through the journey, as a menu item does
      headerSlot={<NotificationBell getApi={getApi} refreshKey={customer} onOpenScreen={(p) => go(p)} onArrival={() => setArrivals((n) => n + 1)} />}
    >
      <Suspense fallback={<PageLoading head={SCREEN_HEADS[key]} />}>
        <Screen />
      </Suspense>
      <FaqDialog isOpen={faqOpen} onOpenChange={setFaqOpen} />
    </PrivateLayout>
  );
}
