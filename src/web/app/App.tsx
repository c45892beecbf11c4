import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { PATHS, screenByPath } from '#shared/routes';
import { documentTitle } from '#shared/brand';
import { screenPath } from '#machines/journey/journeyMachine';
import { createJourney, type JourneyOptions } from '../journey/journey';
import { JourneyProvider, useJourney, useJourneyActor } from '../journey/JourneyContext';
import { createAppRouter } from './router';
import { useRouteSync } from './useRouteSync';

export interface AppProps extends JourneyOptions {
  /** a memory history in tests; the browser's by default */
  history?: RouterHistory;
}

// toasts are loaded with the first screen that needs them, not with the landing page
const Toaster = lazy(() => import('../ui/Toast/Toast').then((mod) => ({ default: mod.Toaster })));

/** Mounts the toast regions once the customer leaves the landing page (or a notice arrives there). */
function ToasterWhenNeeded() {
  const needed = useJourney((s) => screenPath(s) !== PATHS.landing || s.context.notice !== null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => { if (needed) setMounted(true); }, [needed]);
  if (!mounted && !needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Each page names itself in the document title (WCAG 2.4.2: tabs, history and screen readers name
 * the page), from the screen table. While the machine names no screen (checking the session,
 * logging out) the title stays as it was.
 */
function DocumentTitle() {
  const path = useJourney((s) => screenPath(s));
  useEffect(() => {
    const screen = path ? screenByPath(path) : undefined;
    if (screen) document.title = documentTitle(screen);
  }, [path]);
  return null;
}

/** The journey's own messages (sign-up success, logout failure, session expired) as toasts. */
function JourneyNotices() {
  const actor = useJourneyActor();
  const notice = useJourney((s) => s.context.notice);
  useEffect(() => {
    if (!notice) return;
    // the texts come with the toasts, not with the landing page
    void Promise.all([import('../ui/Toast/Toast'), import('../../shared/messages')]).then(([{ toast }, { messages }]) => {
      if (notice.tone === 'success') toast.success(messages[notice.key]);
      else toast.error(messages[notice.key]);
    });
    actor.send({ type: 'notice.dismiss' });
  }, [notice, actor]);
  return null;
}

/** The portal: one journey actor, created once above the router, and the router mirroring it. */
export function App({ history, fetch, origin }: AppProps) {
  const [{ journey, router }] = useState(() => ({
    journey: createJourney({ fetch, origin }),
    router: createAppRouter(history),
  }));
  useEffect(() => () => journey.stop(), [journey]);
  useRouteSync(journey.actor, router, journey.prepareFor);
  return (
    <JourneyProvider journey={journey}>
      <DocumentTitle />
      <JourneyNotices />
      <RouterProvider router={router} />
      <ToasterWhenNeeded />
    </JourneyProvider>
  );
}
