import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryHistory } from '@tanstack/react-router';
import { documentTitle } from '#shared/brand';
import { PATHS, PRIVATE_SCREEN_KEYS, SCREENS, screenByPath, urlOfPath, type ScreenKey } from '#shared/routes';
import { SCREEN_HEADS } from '#shared/screenHeads';
import type { PrivateHeads } from '#shared/pageCode';
import { screenPath } from '#machines/journey/journeyMachine';
import { App, startPortal } from './app/App';
import { preloadJourneyCode } from './journey/journey';
import { LoadingScreen } from './ui/LoadingScreen/LoadingScreen';
import { PageLoading } from './ui/Page/PageLoading';
import { PrivateLayout } from './ui/PrivateLayout/PrivateLayout';
import { PRIVATE_SCREEN_MODULES, PRIVATE_SCREEN_READS, PRIVATE_SHELL_MODULES, PRIVATE_SHELL_READS, readPaths } from './app/screenModules';

export { PRIVATE_SCREEN_MODULES, PRIVATE_SHELL_MODULES };
/** What each signed-in page reads as it opens (the frame's under 'shell'), as paths under /api/v1. */
export const PRIVATE_READS: Readonly<Record<string, string[]>> = {
  shell: readPaths(PRIVATE_SHELL_READS),
  ...Object.fromEntries(Object.keys(PRIVATE_SCREEN_MODULES).map((key) => [key, readPaths(PRIVATE_SCREEN_READS[key as keyof typeof PRIVATE_SCREEN_MODULES])])),
};

/**
 * The public pages rendered at build time (vite.config.ts writes them to dist/web/<url>/index.html
 * and the server sends each for its path): their first paint needs no JavaScript, and the browser
 * entry (main.tsx) renders the same screen over them. `modules` are the source files whose built
 * JS and CSS the page links, so the screen is styled without JavaScript and its code loads with
 * the entry instead of after it.
 */
export const PRERENDERED_PAGES: ReadonlyArray<{ key: ScreenKey; modules: readonly string[] }> = [
  { key: 'landing', modules: ['src/web/features/landing/LandingScreen.tsx'] },
  { key: 'welcome', modules: ['src/web/features/welcome/WelcomeScreen.tsx'] },
  { key: 'login', modules: ['src/web/features/auth/LoginScreen.tsx', 'src/web/journey/authFlow.ts', 'src/web/journey/conversion.ts'] },
  { key: 'signUp', modules: ['src/web/features/auth/SignUpScreen.tsx', 'src/web/journey/authFlow.ts', 'src/web/journey/conversion.ts'] },
];

export interface RenderedPage {
  /** the screen (main.tsx hydrates the page when the journey shows this screen) */
  key: ScreenKey;
  /** the URL the page is served at ('/pt/login') */
  url: string;
  /** the document title of the page */
  title: string;
  /** the markup that goes inside #root */
  html: string;
}

/** Renders one public page as a first visit without a stored session sees it. */
export async function renderPage(key: ScreenKey): Promise<RenderedPage> {
  const url = urlOfPath(PATHS[key]);
  await preloadJourneyCode(PATHS[key]);
  const portal = startPortal({ history: createMemoryHistory({ initialEntries: [url] }) });
  const shown = screenPath(portal.journey.actor.getSnapshot());
  if (shown === undefined || screenByPath(shown) !== key) throw new Error(`prerender: ${url} shows ${shown ?? 'no screen'}`);
  try {
    return { key, url, title: documentTitle(key), html: await markupOf(<App portal={portal} />) };
  } finally {
    portal.disconnect();
    portal.journey.stop();
  }
}

/**
 * What index.html (the page of every other route: the signed-in pages, the flow's later screens)
 * shows until the code has rendered: the loading screen React renders first anyway, so the page
 * paints from its HTML and React's first render replaces it with the same markup.
 */
export const renderLoading = (): Promise<string> => markupOf(<LoadingScreen />);

/** The modules whose CSS the signed-in pages' heads need, inlined in index.html so they paint styled without code. */
export const PRIVATE_HEAD_MODULES = ['src/web/ui/PrivateLayout/PrivateLayout.tsx', 'src/web/ui/Page/PageLoading.tsx'] as const;

const noop = () => undefined;

/** Where the page's head goes in the frame's markup (replaced, never shipped). */
const MAIN_MARK = '<i data-early-main=""></i>';
/** What marks the menu item of the page the customer is on. */
const CURRENT_ATTRIBUTES = ' aria-current="page" data-current="true"';

/**
 * Each signed-in page as a stored session's reload first shows it: the frame (its menu still
 * closed) around the page's title, lead and loading indicator (src/shared/screenHeads.ts).
 * index.html paints it from the HTML for a stored session, and the page shows the same head
 * while its data loads. The frame is stored once: by path after the language, each page keeps
 * only its head and which menu link is current (the n-th `[role=link]`, none when -1). Each page
 * is rendered whole too: one whose whole markup is not what the script puts together (its menu
 * differs) is stored whole.
 */
export async function renderPrivateHeads(): Promise<PrivateHeads> {
  const frameHtml = await markupOf(
    <PrivateLayout currentPath="" onNavigate={noop} onLogout={noop}>
      <i data-early-main="" />
    </PrivateLayout>,
  );
  const [before, after, extra] = frameHtml.split(MAIN_MARK);
  if (before === undefined || after === undefined || extra !== undefined) throw new Error('prerender: the frame has no single place for the page head');
  const pages: PrivateHeads['pages'] = {};
  for (const key of PRIVATE_SCREEN_KEYS) {
    const row = SCREENS[key] as { path: string; aliases?: readonly string[] };
    const main = await markupOf(<PageLoading head={SCREEN_HEADS[key]} />);
    const whole = await markupOf(
      <PrivateLayout currentPath={row.path} onNavigate={noop} onLogout={noop}>
        <PageLoading head={SCREEN_HEADS[key]} />
      </PrivateLayout>,
    );
    const at = whole.indexOf(CURRENT_ATTRIBUTES);
    const current = at < 0 ? -1 : whole.slice(0, at).split('role="link"').length - 2;
    const framed = whole.replace(CURRENT_ATTRIBUTES, '') === before + main + after && whole.indexOf(CURRENT_ATTRIBUTES, at + 1) < 0;
    // a page whose menu differs (the final proposal's own item) keeps its whole markup
    for (const path of [row.path, ...(row.aliases ?? [])]) pages[path] = framed ? { main, current } : { html: whole };
  }
  return { frame: [before, after], pages };
}

async function markupOf(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
