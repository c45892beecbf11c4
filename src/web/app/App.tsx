import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { PATHS, pathOfUrl, screenByPath } from '#shared/routes';
import { documentTitle } from '#shared/brand';
import { screenPath } from '#machines/journey/journeyMachine';
import { createJourney, type Journey, type JourneyOptions } from '../journey/journey';
import { HistoryProvider, JourneyProvider, useJourney, useJourneyActor } from '../journey/JourneyContext';
import { JourneyScreen } from './JourneyScreen';
import { connectRouteSync } from './useRouteSync';

export interface AppProps extends JourneyOptions {
  /** a memory history in tests; the browser's by default */
  history?: RouterHistory;
  /** the journey and router already made by `startPortal` (the browser entry waits for the first screen's code first) */
  portal?: Portal;
}

/** The journey actor, the browser history, and the route sync between them. */
export interface Portal {
  journey: Journey;
  history: RouterHistory;
  disconnect: () => void;
}

/**
 * Creates the journey and the history and hands the URL to the machine: from here on the machine's
 * state names the screen to render.
 */
export function startPortal({ history = createBrowserHistory(), fetch, origin }: Omit<AppProps, 'portal'> = {}): Portal {
  const journey = createJourney({ fetch, origin });
  return { journey, history, disconnect: connectRouteSync(journey.actor, history, journey.prepareFor) };
}

/**
 * The router (src/web/app/router.tsx) redirects '/' and other languages to /pt; the screens never
 * need it, so its code loads only when the URL is one of those.
 */
const Redirects = lazy(() => import('./router'));
function RedirectsWhenNeeded({ history }: { history: RouterHistory }) {
  const needs = () => pathOfUrl(history.location.pathname) === undefined;
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needs()) setNeeded(true);
    return history.subscribe(() => { if (needs()) setNeeded(true); });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `needs` reads the history only
  }, [history]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Redirects history={history} />
    </Suspense>
  );
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

/**
 * The portal: one journey actor, created once, and the URL mirroring it. The URL is handed to the
 * machine when both are created, so the first render shows the screen of the machine's state (the
 * same markup as the page rendered at build time, src/web/prerender.tsx, which the browser
 * hydrates). The router only redirects ('/' and other languages to /pt), after the first render.
 */
export function App({ portal, ...options }: AppProps) {
  const [{ journey, history, disconnect }] = useState(() => portal ?? startPortal(options));
  useEffect(() => () => { disconnect(); journey.stop(); }, [journey, disconnect]);
  // react-aria's own texts (a dialog's 'Fechar', a drop zone's) in the portal's language, whatever the browser's
  return (
    <I18nProvider locale="pt-BR">
      <JourneyProvider journey={journey}>
        <HistoryProvider history={history}>
          <DocumentTitle />
          <JourneyNotices />
          <JourneyScreen />
          <RedirectsWhenNeeded history={history} />
          <ToasterWhenNeeded />
        </HistoryProvider>
      </JourneyProvider>
    </I18nProvider>
  );
}
