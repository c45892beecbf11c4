import { lazy, Suspense } from 'react';
import { isPrivatePath, screenByPath } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import { LoadingScreen } from '../ui/LoadingScreen/LoadingScreen';
import { useJourney } from '../journey/JourneyContext';
import { PUBLIC_SCREEN_COMPONENTS, type PublicScreenKey } from './screens';

/** The signed-in frame around the private screens (its own chunk: visitors never load it). */
const PrivateShell = lazy(() => import('./PrivateShell'));

/** Renders the screen of the journey machine's state, from the screen map. */
export function JourneyScreen() {
  const path = useJourney((s) => screenPath(s));
  const signedIn = useJourney((s) => s.matches('signedIn'));
  if (signedIn) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PrivateShell />
      </Suspense>
    );
  }
  const screen = path && !isPrivatePath(path) ? (screenByPath(path) as PublicScreenKey | undefined) : undefined;
  if (!screen) return <LoadingScreen />;
  const Screen = PUBLIC_SCREEN_COMPONENTS[screen];
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen key={path} />
    </Suspense>
  );
}
