/** The language segment: only 'pt' is served (spec §2). */
export const LANG = 'pt';

/** '/pt/sign-up' -> '/sign-up'; '/pt' -> '/'; undefined when the URL is not under '/pt'. */
export function pathOfUrl(pathname: string): string | undefined {
  const m = /^\/pt(\/.*)?$/.exec(pathname);
  if (!m) return undefined;
  const rest = (m[1] ?? '/').replace(/\/+$/, '');
  return rest === '' ? '/' : rest;
}

/** '/sign-up' -> '/pt/sign-up'; '/' -> '/pt' */
export function urlOfPath(path: string, search?: Record<string, string>): string {
  const base = path === '/' ? `/${LANG}` : `/${LANG}${path}`;
  const qs = search && Object.keys(search).length > 0 ? `?${new URLSearchParams(search).toString()}` : '';
  return base + qs;
}

/** Any language other than pt goes to pt, keeping the rest: '/en/login' -> '/pt/login', '/pt-br/bill' -> '/pt/bill'. */
export function withDefaultLanguage(pathname: string): string {
  const rest = pathname.replace(/^\/[^/]*/, '');
  return `/${LANG}${rest}`;
}
