import type { RouterHistory } from '@tanstack/react-router';
import { normaliseScreenPath, pathOfUrl, urlOfPath } from '#shared/routes';
import { screenPath } from '#machines/journey/journeyMachine';
import type { JourneyActor } from '../journey/journey';

/**
 * The one place where URL and journey machine meet. A URL change (deep link, Back, typed URL, a
 * link; the initial URL counts) becomes `route.changed`; when the machine refuses it, the URL is
 * replaced with the machine's path. When the machine moves on its own, its path is pushed.
 * Connected when the app is created, before its first render: the initial URL reaches the machine
 * at once, so the first render already shows the screen asked for (the page rendered at build
 * time is replaced by the same screen, never by 'Carregando…'). Returns the disconnect.
 */
export function connectRouteSync(
  actor: JourneyActor,
  history: RouterHistory,
  /** loads what a path's screens need before the machine is told (null: nothing to wait for) */
  prepareFor: (path: string) => Promise<void> | null = () => null,
): () => void {
  let lastUrlPath: string | null = null;
  let lastQuery = '';
  let syncing = false;
  // the URL asks for a path whose code is still loading: the machine is not told yet, nor is the URL restored
  let preparing = false;
  let stopped = false;

  const onUrl = () => {
    const location = history.location;
    const raw = pathOfUrl(location.pathname);
    if (raw === undefined) return; // another language: the router redirects to /pt first
    const path = normaliseScreenPath(raw);
    const query = location.search ? String(location.search) : '';
    if (path === lastUrlPath && query === lastQuery) return;
    lastUrlPath = path;
    lastQuery = query;
    const machinePath = screenPath(actor.getSnapshot());
    // a query string still carries news for the screen the machine is on (`/pt?bill=350`)
    if (path === machinePath && !hasQuery(location.search)) return;
    const loading = prepareFor(path);
    if (loading) {
      preparing = true;
      void loading.then(() => {
        preparing = false;
        lastUrlPath = null;
        if (!stopped) onUrl();
      });
      return;
    }
    const search = searchParams(location.search);
    syncing = true;
    actor.send({ type: 'route.changed', path, search });
    syncing = false;
    const after = screenPath(actor.getSnapshot());
    if (after !== undefined && after !== path) {
      lastUrlPath = after;
      history.replace(urlOfPath(after));
    }
  };

  const onMachine = () => {
    if (syncing || preparing) return;
    const path = screenPath(actor.getSnapshot());
    if (path === undefined) return; // no screen yet (checking the session, logging out)
    const raw = pathOfUrl(history.location.pathname);
    if (raw !== undefined && normaliseScreenPath(raw) === path) return;
    lastUrlPath = path;
    history.push(urlOfPath(path));
  };

  const unlisten = history.subscribe(onUrl);
  const subscription = actor.subscribe(onMachine);
  onUrl();
  onMachine();
  return () => {
    stopped = true;
    unlisten();
    subscription.unsubscribe();
  };
}

/** TanStack's history gives `search` as a string ('?bill=350'); the machine wants plain strings. */
function searchParams(search: unknown): Record<string, string> {
  if (typeof search === 'string') return Object.fromEntries(new URLSearchParams(search));
  if (search && typeof search === 'object') {
    return Object.fromEntries(Object.entries(search as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  }
  return {};
}

function hasQuery(search: unknown): boolean {
  return Object.keys(searchParams(search)).length > 0;
}
