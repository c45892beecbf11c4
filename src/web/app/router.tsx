import {
  createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, redirect, type RouterHistory,
} from '@tanstack/react-router';
import { JourneyScreen } from './JourneyScreen';
import { LANG, withDefaultLanguage } from '../journey/paths';

/**
 * Code-based routes for every route of spec §2 under '/$lang'. The router is thin: it redirects
 * the language and mirrors the journey machine; every route renders the machine's screen.
 */
const ROUTE_PATHS = [
  'login', 'welcome', 'access-account', 'sign-up', 'sign-up/access-code', 'create-account', 'thank-you',
  'profile', 'bill', 'simulation', 'technical-visit', 'proposal-initial', 'proposal-final', 'payment',
  'plan-signature', 'project-status', 'customers-signature', 'booking-payment',
] as const;

const rootRoute = createRootRoute({ component: Outlet });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: `/${LANG}`, replace: true } as never);
  },
});

const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$lang',
  beforeLoad: ({ params, location }) => {
    if ((params as { lang: string }).lang !== LANG) {
      throw redirect({ to: withDefaultLanguage(location.pathname), search: location.search, replace: true } as never);
    }
  },
  component: Outlet,
});

const langIndexRoute = createRoute({ getParentRoute: () => langRoute, path: '/', component: JourneyScreen });
const screenRoutes = ROUTE_PATHS.map((path) => createRoute({ getParentRoute: () => langRoute, path, component: JourneyScreen }));
// an unknown path still shows the machine's screen; the machine refuses it and the URL is restored
const unknownRoute = createRoute({ getParentRoute: () => langRoute, path: '$', component: JourneyScreen });

const routeTree = rootRoute.addChildren([indexRoute, langRoute.addChildren([langIndexRoute, ...screenRoutes, unknownRoute])]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: false });
}

export const createTestHistory = (url: string): RouterHistory => createMemoryHistory({ initialEntries: [url] });

export type AppRouter = ReturnType<typeof createAppRouter>;
