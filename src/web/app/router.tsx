import { useState } from 'react';
import {
  createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, redirect, RouterProvider, type RouterHistory,
} from '@tanstack/react-router';
import { LANG, ROUTED_PATHS, withDefaultLanguage } from '#shared/routes';

/**
 * Code-based routes under '/$lang' for every path of the screen table (src/shared/routes.ts),
 * aliases included. The router is thin: it redirects the language and mirrors the journey machine;
 * its routes render nothing of their own (the App renders the machine's screen). The App loads this
 * module only for a URL outside '/pt' (the default export), so the screens' pages do not carry it.
 */
const rootRoute = createRootRoute({ component: Outlet });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/$lang', params: { lang: LANG }, replace: true });
  },
});

const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$lang',
  beforeLoad: ({ params, location }) => {
    if (params.lang !== LANG) {
      throw redirect({ to: withDefaultLanguage(location.pathname), search: location.search, replace: true });
    }
  },
  component: Outlet,
});

const nothing = () => null;
const langIndexRoute = createRoute({ getParentRoute: () => langRoute, path: '/', component: nothing });
const screenRoutes = ROUTED_PATHS.filter((path) => path !== '/')
  .map((path) => createRoute({ getParentRoute: () => langRoute, path: path.slice(1), component: nothing }));
// an unknown path still shows the machine's screen; the machine refuses it and the URL is restored
const unknownRoute = createRoute({ getParentRoute: () => langRoute, path: '$', component: nothing });

const routeTree = rootRoute.addChildren([indexRoute, langRoute.addChildren([langIndexRoute, ...screenRoutes, unknownRoute])]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: false });
}

/** The router over the App's history, mounted while a URL needs a redirect (and from then on). */
export default function Redirects({ history }: { history: RouterHistory }) {
  const [router] = useState(() => createAppRouter(history));
  return <RouterProvider router={router} />;
}

export const createTestHistory = (url: string): RouterHistory => createMemoryHistory({ initialEntries: [url] });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
