import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isAlwaysOpenPath, isPrivatePath, LANG, menuItemOfScreen, normaliseScreenPath, PATHS,
  pathOfUrl, pathWithoutLanguage, PRIVATE_SCREEN_KEYS, PUBLIC_URL_PATHS, ROUTED_PATHS, runsAuthFlow, SCREEN_KEYS, SCREENS,
  screenByPath, urlOfPath, withDefaultLanguage,
} from '../../src/shared/routes';
import { MENU_ITEMS, selectedMenuItem } from '../../src/shared/menu';
import { landingRoute, STEP_TYPES } from '../../src/shared/steps';
import { BRAND_NAME, documentTitle } from '../../src/shared/brand';

describe('the screen table (spec §2 route table)', () => {
  it('has one row per screen of the spec, public then private', () => {
    expect(SCREEN_KEYS).toEqual([
      'landing', 'welcome', 'login', 'accessAccount', 'signUp', 'signUpAccessCode', 'createAccount', 'thankYou',
      'bill', 'profile', 'technicalVisit', 'proposalInitial', 'proposalFinal', 'payment', 'planSignature', 'projectStatus',
      'customersSignature', 'bookingPayment',
    ]);
    expect(SCREEN_KEYS.map((key) => PATHS[key])).toEqual([
      '/', '/welcome', '/login', '/access-account', '/sign-up', '/sign-up/access-code', '/create-account', '/thank-you',
      '/bill', '/profile', '/technical-visit', '/proposal-initial', '/proposal-final', '/payment', '/plan-signature',
      '/project-status', '/customers-signature', '/booking-payment',
    ]);
    expect(PRIVATE_SCREEN_KEYS).toEqual(SCREEN_KEYS.slice(8));
    expect(LANG).toBe('pt');
  });

  it('gives every path, alias and title once', () => {
    expect(new Set(ROUTED_PATHS).size).toBe(ROUTED_PATHS.length);
    const titles = SCREEN_KEYS.map((key) => SCREENS[key].title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(ROUTED_PATHS).toContain('/simulation');
  });

  it('opens by a typed URL every screen but the later steps of sign-in and sign-up', () => {
    expect(PUBLIC_URL_PATHS).toEqual(['/', '/welcome', '/login', '/sign-up', '/thank-you']);
    expect(SCREEN_KEYS.filter((key) => SCREENS[key].opensBy === 'flow')).toEqual(['accessAccount', 'signUpAccessCode', 'createAccount']);
  });

  it('keeps open, whatever the step menu says, home, profile, bill, thank-you and payment (spec §2 guard)', () => {
    expect(ROUTED_PATHS.filter(isAlwaysOpenPath)).toEqual(['/', '/thank-you', '/bill', '/simulation', '/profile', '/payment']);
  });

  it('runs the auth flow on login and sign-up screens only', () => {
    expect(ROUTED_PATHS.filter(runsAuthFlow)).toEqual(['/login', '/access-account', '/sign-up', '/sign-up/access-code', '/create-account']);
  });

  it('tells private paths, aliases included', () => {
    expect(isPrivatePath('/bill')).toBe(true);
    expect(isPrivatePath('/simulation')).toBe(true);
    expect(isPrivatePath('/booking-payment/')).toBe(true);
    expect(isPrivatePath('/thank-you')).toBe(false);
    expect(isPrivatePath('/nowhere')).toBe(false);
  });
});

describe('paths and URLs', () => {
  it('normalises a path: no trailing slash, query or fragment; an alias is its page', () => {
    expect(normaliseScreenPath('/simulation')).toBe('/bill');
    expect(normaliseScreenPath('/simulation/')).toBe('/bill');
    expect(normaliseScreenPath('/bill/')).toBe('/bill');
    expect(normaliseScreenPath('/bill?x=1#top')).toBe('/bill');
    expect(normaliseScreenPath('')).toBe('/');
    expect(normaliseScreenPath('///')).toBe('/');
    expect(normaliseScreenPath('/not-a-screen/')).toBe('/not-a-screen');
  });

  it('finds the screen of a path', () => {
    expect(screenByPath('/')).toBe('landing');
    expect(screenByPath('/simulation')).toBe('bill');
    expect(screenByPath('/sign-up/access-code')).toBe('signUpAccessCode');
    expect(screenByPath('/sign-up/')).toBe('signUp');
    expect(screenByPath('/pt/bill')).toBeUndefined();
    expect(screenByPath('/nowhere')).toBeUndefined();
  });

  it('reads the path of a /pt URL only (the router redirects other languages first)', () => {
    expect(pathOfUrl('/pt')).toBe('/');
    expect(pathOfUrl('/pt/')).toBe('/');
    expect(pathOfUrl('/pt/sign-up/access-code')).toBe('/sign-up/access-code');
    expect(pathOfUrl('/pt/bill/')).toBe('/bill');
    expect(pathOfUrl('/en/bill')).toBeUndefined();
    expect(pathOfUrl('/ptx/bill')).toBeUndefined();
  });

  it('strips any language for the side navigation', () => {
    expect(pathWithoutLanguage('/pt-br/simulation')).toBe('/bill');
    expect(pathWithoutLanguage('/pt/project-status?x=1')).toBe('/project-status');
    expect(pathWithoutLanguage('/profile')).toBe('/profile');
  });

  it('writes the URL of a screen path, with a query when given one', () => {
    expect(urlOfPath('/')).toBe('/pt');
    expect(urlOfPath(PATHS.signUp)).toBe('/pt/sign-up');
    expect(urlOfPath(PATHS.signUp, { type: 'business' })).toBe('/pt/sign-up?type=business');
    expect(urlOfPath(PATHS.bill, {})).toBe('/pt/bill');
  });

  it('sends any other language to pt, keeping the rest', () => {
    expect(withDefaultLanguage('/en/login')).toBe('/pt/login');
    expect(withDefaultLanguage('/pt-br/bill')).toBe('/pt/bill');
    expect(withDefaultLanguage('/es')).toBe('/pt');
  });
});

describe('titles and menu items from the table', () => {
  it('names each page in the document title with the brand; the landing page is the portal itself', () => {
    expect(documentTitle('bill')).toBe(`Conta de luz | ${BRAND_NAME}`);
    expect(documentTitle('customersSignature')).toBe('Contratos | Sol de Casa');
    expect(documentTitle('login')).toBe('Entrar | Sol de Casa');
    expect(documentTitle('signUp')).toBe('Cadastro | Sol de Casa');
    expect(documentTitle('landing')).toBe('Portal Sol de Casa');
  });

  it('labels each side-navigation item with the title of the screen it opens (or its menu label), at that screen\'s path', () => {
    for (const item of MENU_ITEMS) {
      const row: { title: string; menuLabel?: string } = SCREENS[item.screen];
      expect(item.label).toBe(row.menuLabel ?? row.title);
      expect(item.path).toBe(PATHS[item.screen]);
      expect(menuItemOfScreen(item.screen, 'SUBSCRIPTION') === item.key || menuItemOfScreen(item.screen, 'LENDING') === item.key).toBe(true);
    }
    // the spec's page title, and the menu's sentence case for its item
    expect(SCREENS.projectStatus.title).toBe('Status do Projeto');
    expect(MENU_ITEMS.find((item) => item.screen === 'projectStatus')?.label).toBe('Status do projeto');
  });

  it('highlights the plan item for subscription customers and payment for lending ones on the signing and paying screens', () => {
    for (const key of ['planSignature', 'customersSignature', 'bookingPayment', 'proposalFinal'] as const) {
      expect(menuItemOfScreen(key, 'SUBSCRIPTION')).toBe('plan');
      expect(menuItemOfScreen(key, 'LENDING')).toBe('payment');
    }
    expect(menuItemOfScreen('profile', 'SUBSCRIPTION')).toBeNull();
    expect(menuItemOfScreen('login', 'LENDING')).toBeNull();
    expect(selectedMenuItem('/pt/simulation', 'LENDING')).toBe('bill');
  });

  it('lands, for every step and customer kind, on a private screen other than the profile', () => {
    for (const step of STEP_TYPES) {
      for (const kind of ['SUBSCRIPTION', 'LENDING'] as const) {
        for (const stored of [false, true]) {
          const screen = landingRoute(step, kind, stored);
          expect(PRIVATE_SCREEN_KEYS).toContain(screen);
          expect(screen).not.toBe('profile');
        }
      }
    }
  });
});

describe('routes.ts is the only list of screen paths', () => {
  const root = join(__dirname, '../..');
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
  // comments may show a path as an example; code may not write one
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // '/' alone is every other string's prefix: the landing page is checked by its key where it matters
  const paths = ROUTED_PATHS.filter((path) => path !== '/');
  // a quoted path, with or without the language, ending the string or followed by a query or fragment
  // ('/bill', "/pt/bill", `/bill?x=1`); API paths ('portal/customers/bill') do not start with a screen path
  const literal = new RegExp(`(['"\`])(/${LANG})?(${paths.map(escape).join('|')})(?=['"\`?#])`, 'g');

  it('finds no screen path written in src/ or machines/ outside routes.ts', () => {
    const found: string[] = [];
    for (const file of [...files(join(root, 'src')), ...files(join(root, 'machines'))]) {
      const name = relative(root, file);
      if (name === join('src', 'shared', 'routes.ts')) continue;
      for (const match of code(readFileSync(file, 'utf8')).matchAll(literal)) found.push(`${name}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('catches a path written by hand, with or without the language', () => {
    const hits = (text: string) => [...code(text).matchAll(literal)].map((m) => m[3]);
    expect(hits("go('/technical-visit')")).toEqual(['/technical-visit']);
    expect(hits('href="/pt/login"')).toEqual(['/login']);
    expect(hits('`/sign-up/access-code?x=1`')).toEqual(['/sign-up/access-code']);
    expect(hits("api.get('portal/customers/bill')")).toEqual([]);
    expect(hits("// go('/bill') in a comment")).toEqual([]);
    expect(hits("fetch('https://example.com/bill')")).toEqual([]);
  });
});
