import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/LoadingScreen/LoadingScreen';
import { PrivateLayout } from '../layout/PrivateLayout/PrivateLayout';
import PrivatePlaceholder from '../screens/private-placeholder/PrivatePlaceholder';
import { useJourney, useJourneyActor } from './JourneyContext';
import { screenPath } from '../../../machines/journey/journeyMachine';
import { useGo } from './useGo';

const BillScreen = lazy(() => import('../screens/bill/BillScreen'));

/** The signed-in frame with the screen of the private route (its own chunk: visitors never load it). */
export default function PrivateShell() {
  const path = useJourney((s) => screenPath(s));
  const loggingOut = useJourney((s) => s.matches({ signedIn: 'loggingOut' }));
  const customer = useJourney((s) => s.context.customer);
  const actor = useJourneyActor();
  const go = useGo();
  return (
    <PrivateLayout
      currentPath={path ?? '/bill'}
      menu={customer?.steps}
      customerKind={customer?.subscription_lending}
      onNavigate={(p) => go(p)}
      onLogout={() => actor.send({ type: 'logout' })}
      isLoggingOut={loggingOut}
    >
      <Suspense fallback={<LoadingScreen inline />}>
        {path === '/bill' ? <BillScreen /> : <PrivatePlaceholder />}
      </Suspense>
    </PrivateLayout>
  );
}
