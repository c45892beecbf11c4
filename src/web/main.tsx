import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrivatePath, normaliseScreenPath, pathOfUrl, PRIVATE_SCREEN_KEYS, screenByPath, withDefaultLanguage, type PrivateScreenKey } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import './theme/global.css';
import { App, startPortal } from './app/App';
import { preloadPublicScreen, type PublicScreenKey } from './app/screens';
import { preloadJourneyCode } from './journey/journey';
import { keepEarlyHead } from './app/earlyHead';
import { endEarlyPresses } from './app/earlyInput';

/**
 * The browser entry. The public pages arrive rendered at build time (src/web/prerender.tsx): the
 * code of the screen asked for is loaded first, then React hydrates that markup in place (nothing is
 * painted again, never a 'Carregando…' in between). A stored session is checked while the
 * signed-in frame and the asked-for screen load, side by side rather than one after the other.
 * No StrictMode: the journey actor is created once for the page and must not be stopped by a
 * development double mount.
 */
async function boot(root: HTMLElement): Promise<void> {
  // another language (or '/'): the URL becomes /pt/... before the journey reads it, so the screen
  // asked for (/en/login -> /pt/login) is the one shown rather than the landing page
  if (pathOfUrl(window.location.pathname) === undefined) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, '', withDefaultLanguage(window.location.pathname) + search + hash);
  }
  const raw = pathOfUrl(window.location.pathname);
  const asked = raw === undefined ? null : normaliseScreenPath(raw);
  if (asked) await preloadJourneyCode(asked);
  const portal = startPortal();
  const path = screenPath(portal.journey.actor.getSnapshot());
  const publicScreen = path && !isPrivatePath(path) ? (screenByPath(path) as PublicScreenKey | undefined) : undefined;
  if (publicScreen) {
    await preloadPublicScreen(publicScreen).catch(() => undefined);
    if (root.dataset.screen === publicScreen) {
      // a transition: hydrated in slices that leave the main thread free between them; a markup
      // that differs after all (a query string's variant) is rendered again by React
      startTransition(() => { hydrateRoot(root, <App portal={portal} />, { onRecoverableError: () => {} }); });
      return;
    }
  } else {
    // the head index.html painted for a stored session stays on screen while React takes over
    keepEarlyHead(root);
    // checking the stored session: the frame and the screen load while GET /portal/customers runs
    const key = asked && isPrivatePath(asked) ? screenByPath(asked) : undefined;
    const screen: PrivateScreenKey = key && (PRIVATE_SCREEN_KEYS as readonly string[]).includes(key) ? (key as PrivateScreenKey) : 'bill';
    void import('./app/PrivateShell').catch(() => undefined);
    void import('./app/privateScreens').then((m) => m.preloadPrivateScreen(screen)).catch(() => undefined);
  }
  // the HTML is rendered again rather than hydrated: a press held on it has no element to go back to
  endEarlyPresses();
  // a transition: a screen whose code is already here renders without showing the Suspense fallback
  startTransition(() => createRoot(root).render(<App portal={portal} />));
}

const root = document.getElementById('root');
if (root) void boot(root);
