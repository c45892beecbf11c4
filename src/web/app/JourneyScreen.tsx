import { lazy, Suspense, useEffect } from 'react';
import { isPrivatePath, screenByPath } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import { LoadingScreen } from '../ui/LoadingScreen/LoadingScreen';
import { useJourney } from '../journey/JourneyContext';
import { PUBLIC_SCREEN_COMPONENTS, type PublicScreenKey } from './screens';
import { replayEarlyInput, replayEarlyPress } from './earlyInput';
import { dropEarlyHead, EarlyHead } from './earlyHead';

/** The signed-in frame around the private screens (its own chunk: visitors never load it). */
const PrivateShell = lazy(() => import('./PrivateShell'));

/**
 * Renders nothing. Beside a public screen, whose markup may have been painted from the page's HTML
 * and hydrated: once hydrated, React is handed what the visitor typed and pressed before
 * (src/web/app/earlyInput.ts).
 */
function EarlyInput() {
  useEffect(() => {
    replayEarlyInput(document.body);
    replayEarlyPress();
  }, []);
  // a public screen (a stored session the server refused): a signed-in head painted for it is done with
  useEffect(() => dropEarlyHead(), []);
  return null;
}

/** Renders the screen of the journey machine's state, from the screen map. */
export function JourneyScreen() {
  const path = useJourney((s) => screenPath(s));
  const signedIn = useJourney((s) => s.matches('signedIn'));
  if (signedIn) {
    return (
      <Suspense fallback={<EarlyHead fallback={<LoadingScreen />} />}>
        <PrivateShell />
      </Suspense>
    );
  }
  const screen = path && !isPrivatePath(path) ? (screenByPath(path) as PublicScreenKey | undefined) : undefined;
  if (!screen) return <EarlyHead fallback={<LoadingScreen />} />;
  const Screen = PUBLIC_SCREEN_COMPONENTS[screen];
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen key={path} />
      <EarlyInput />
    </Suspense>
  );
}
