import type { MenuItemKey } from './menu';
import type { MessageKey } from './messages';
import type { CustomerKind } from './steps';

/**
 * The one screen table (spec §2 route table): every screen's key, path (after the language
 * segment), pt-BR title, how a signed-in page opens (lead and width), the source file of its
 * screen, access, how it is opened, the side-navigation item it highlights and whether the step
 * menu may close it. The router, the journey machine's screen states, the screen maps, the
 * document titles, the pages' headings and loading heads, the side navigation and the typed
 * `ScreenPath` are derived from it; no other file writes a screen path or title. It is imported by
 * the landing page and read by the build in Node: keep it to plain data.
 */

/** The language segment: only 'pt' is served; any other redirects to it (spec §2). */
export const LANG = 'pt';

/** The side-navigation item a screen highlights, the same for both customer kinds or one per kind. */
export type ScreenMenuItem = MenuItemKey | Readonly<Record<CustomerKind, MenuItemKey>>;

/** The width of a signed-in page's column. */
export type ScreenWidth = 'narrow' | 'medium' | 'wide';

interface ScreenRow {
  /** Path without the language segment. */
  path: `/${string}`;
  /** pt-BR title of the page: the document title (`title | brand`) and, for private pages, the heading. */
  title: string;
  /** The screen's source file (its lazy chunk); two screens of one file share it. */
  module: `src/web/features/${string}Screen.tsx`;
  /** A signed-in page's lead under its title, shown (with the title) while its data loads. */
  lead?: MessageKey;
  /** A signed-in page's column width. */
  width?: ScreenWidth;
  /** 'private' needs a signed-in session (spec §2 route guard). */
  access: 'public' | 'private';
  /**
   * 'url': a typed URL, a link or Back may open it. 'flow': only the sign-in or sign-up flow leads
   * there (the code entry and the confirmed phone live in memory); a typed URL starts the flow again.
   */
  opensBy: 'url' | 'flow';
  /** Its screens run the auth flow (the flow's code is loaded before the journey is told). */
  runsAuthFlow?: true;
  /** The side-navigation item it highlights; none when absent. */
  menuItem?: ScreenMenuItem;
  /** The label of the side-navigation item that opens it, when it is not the title. */
  menuLabel?: string;
  /** Spec §2 guard: open whatever the step menu says (home, profile, bill, thank-you, payment). */
  alwaysOpen?: true;
  /** Other paths of the same page. */
  aliases?: readonly `/${string}`[];
}

/** plan-signature, customers-signature and booking-payment: subscription customers choose, pay and sign under the plan item; lending customers on the payment screen. */
const PLAN_OR_PAYMENT = { SUBSCRIPTION: 'plan', LENDING: 'payment' } as const;

export const SCREENS = {
  landing: { path: '/', title: 'Início', module: 'src/web/features/landing/LandingScreen.tsx', access: 'public', opensBy: 'url', alwaysOpen: true },
  welcome: { path: '/welcome', title: 'Boas-vindas', module: 'src/web/features/welcome/WelcomeScreen.tsx', access: 'public', opensBy: 'url' },
  login: { path: '/login', title: 'Entrar', module: 'src/web/features/auth/LoginScreen.tsx', access: 'public', opensBy: 'url', runsAuthFlow: true },
  accessAccount: { path: '/access-account', title: 'Código de acesso', module: 'src/web/features/auth/AccessCodeScreen.tsx', access: 'public', opensBy: 'flow', runsAuthFlow: true },
  signUp: { path: '/sign-up', title: 'Cadastro', module: 'src/web/features/auth/SignUpScreen.tsx', access: 'public', opensBy: 'url', runsAuthFlow: true },
  signUpAccessCode: { path: '/sign-up/access-code', title: 'Código de cadastro', module: 'src/web/features/auth/AccessCodeScreen.tsx', access: 'public', opensBy: 'flow', runsAuthFlow: true },
  createAccount: { path: '/create-account', title: 'Dados do cadastro', module: 'src/web/features/auth/CreateAccountScreen.tsx', access: 'public', opensBy: 'flow', runsAuthFlow: true },
  thankYou: { path: '/thank-you', title: 'Obrigado pelo cadastro', module: 'src/web/features/auth/ThankYouScreen.tsx', access: 'public', opensBy: 'url', alwaysOpen: true },
  // spec §2: '/pt/simulation' (and '/pt-br/bill', by the language redirect) is the bill page
  bill: { path: '/bill', title: 'Conta de luz', lead: 'bill.lead', width: 'narrow', module: 'src/web/features/bill/BillScreen.tsx', access: 'private', opensBy: 'url', menuItem: 'bill', alwaysOpen: true, aliases: ['/simulation'] },
  profile: { path: '/profile', title: 'Meu perfil', lead: 'profile.lead', width: 'wide', module: 'src/web/features/profile/ProfileScreen.tsx', access: 'private', opensBy: 'url', alwaysOpen: true },
  technicalVisit: { path: '/technical-visit', title: 'Visita técnica', lead: 'visit.lead', width: 'medium', module: 'src/web/features/visit/VisitScreen.tsx', access: 'private', opensBy: 'url', menuItem: 'visit' },
  proposalInitial: { path: '/proposal-initial', title: 'Proposta inicial', lead: 'proposal.initial.lead', width: 'wide', module: 'src/web/features/proposal/ProposalScreen.tsx', access: 'private', opensBy: 'url', menuItem: 'proposal' },
  // a subscription customer at the offer (SIGNATURE) may buy instead: the final proposal sits with the plan choice
  proposalFinal: { path: '/proposal-final', title: 'Proposta final', lead: 'proposal.final.lead', width: 'wide', module: 'src/web/features/proposal/ProposalScreen.tsx', access: 'private', opensBy: 'url', menuItem: PLAN_OR_PAYMENT },
  payment: { path: '/payment', title: 'Pagamento', lead: 'payment.lead', width: 'wide', module: 'src/web/features/payment/PaymentScreen.tsx', access: 'private', opensBy: 'url', menuItem: 'payment', alwaysOpen: true },
  planSignature: { path: '/plan-signature', title: 'Assinatura do plano', lead: 'plan.lead', width: 'wide', module: 'src/web/features/plan/PlanScreen.tsx', access: 'private', opensBy: 'url', menuItem: PLAN_OR_PAYMENT },
  // the spec titles the page 'Status do Projeto'; its menu item reads in the menu's sentence case
  projectStatus: { path: '/project-status', title: 'Status do Projeto', menuLabel: 'Status do projeto', lead: 'project.lead', width: 'wide', module: 'src/web/features/project/ProjectStatusScreen.tsx', access: 'private', opensBy: 'url', menuItem: 'status' },
  customersSignature: { path: '/customers-signature', title: 'Contratos', lead: 'contract.lead', width: 'wide', module: 'src/web/features/contract/ContractScreen.tsx', access: 'private', opensBy: 'url', menuItem: PLAN_OR_PAYMENT },
  bookingPayment: { path: '/booking-payment', title: 'Pagamento da assinatura', lead: 'checkout.lead', width: 'wide', module: 'src/web/features/checkout/CheckoutScreen.tsx', access: 'private', opensBy: 'url', menuItem: PLAN_OR_PAYMENT },
} as const satisfies Record<string, ScreenRow>;

type Screens = typeof SCREENS;
export type ScreenKey = keyof Screens;
/** A screen's path without the language segment ('/bill', '/sign-up/access-code'). */
export type ScreenPath = Screens[ScreenKey]['path'];
export type PrivateScreenKey = { [K in ScreenKey]: Screens[K]['access'] extends 'private' ? K : never }[ScreenKey];
/** Every screen key to its path, as literals: `PATHS.bill` is `'/bill'`. */
export const PATHS = Object.fromEntries(Object.entries(SCREENS).map(([key, row]) => [key, row.path])) as { readonly [K in ScreenKey]: Screens[K]['path'] };

const row = (key: ScreenKey): ScreenRow => SCREENS[key];

/** The keys in the table's order. */
export const SCREEN_KEYS = Object.keys(SCREENS) as readonly ScreenKey[];
/** The signed-in screens, in the table's order. */
export const PRIVATE_SCREEN_KEYS = SCREEN_KEYS.filter((key) => row(key).access === 'private') as readonly PrivateScreenKey[];
/** Public paths a typed URL, a link or Back may ask for (the flow's later screens are reached only through the flow). */
export const PUBLIC_URL_PATHS: readonly ScreenPath[] = SCREEN_KEYS
  .filter((key) => row(key).access === 'public' && row(key).opensBy === 'url').map((key) => SCREENS[key].path);
/** Every path the router serves, aliases included, without the language segment. */
export const ROUTED_PATHS: readonly string[] = SCREEN_KEYS.flatMap((key) => [row(key).path, ...(row(key).aliases ?? [])]);

const byPath = new Map<string, ScreenKey>(SCREEN_KEYS.flatMap((key) => [row(key).path, ...(row(key).aliases ?? [])].map((p) => [p, key] as const)));

/**
 * A path without the language as the table knows it: no query or fragment, no trailing slash, an
 * alias as its page's path ('/simulation/' -> '/bill'). A path the table does not know comes back cleaned.
 */
export function normaliseScreenPath(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  const key = byPath.get(clean);
  return key ? SCREENS[key].path : clean;
}

/** The screen a path (without the language) shows, aliases included; undefined for a path the table does not know. */
export function screenByPath(path: string): ScreenKey | undefined {
  return byPath.get(normaliseScreenPath(path));
}

export const isPrivatePath = (path: string): boolean => {
  const key = screenByPath(path);
  return key !== undefined && row(key).access === 'private';
};

/** Spec §2 guard: these screens stay open whatever the step menu says. */
export const isAlwaysOpenPath = (path: string): boolean => {
  const key = screenByPath(path);
  return key !== undefined && row(key).alwaysOpen === true;
};

/** Whether the screen of a path runs the sign-in or sign-up flow. */
export const runsAuthFlow = (path: string): boolean => {
  const key = screenByPath(path);
  return key !== undefined && row(key).runsAuthFlow === true;
};

/** The side-navigation item a screen highlights for a customer of that kind; null for none (profile, public screens). */
export function menuItemOfScreen(key: ScreenKey, kind: CustomerKind): MenuItemKey | null {
  const item = row(key).menuItem;
  if (item === undefined) return null;
  return typeof item === 'string' ? item : item[kind];
}

/** The label of the side-navigation item that opens a screen. */
export function menuLabelOf(key: ScreenKey): string {
  return row(key).menuLabel ?? row(key).title;
}

/** '/pt/sign-up' -> '/sign-up'; '/pt' -> '/'; undefined when the URL is not under '/pt' (the router redirects it first). */
export function pathOfUrl(pathname: string): string | undefined {
  const m = new RegExp(`^/${LANG}(/.*)?$`).exec(pathname);
  if (!m) return undefined;
  return (m[1] ?? '/').replace(/\/+$/, '') || '/';
}

/** The path of a URL in any language, normalised: '/pt/bill' -> '/bill', '/pt-br/simulation' -> '/bill', '/pt' -> '/', '/bill' -> '/bill'. */
export function pathWithoutLanguage(url: string): string {
  const clean = url.split(/[?#]/)[0] ?? '';
  return normaliseScreenPath(clean.replace(/^\/[a-z]{2}(-[a-z]{2})?(?=\/|$)/i, ''));
}

/** '/sign-up' -> '/pt/sign-up'; '/' -> '/pt'; with a query when `search` has entries. */
export function urlOfPath(path: ScreenPath, search?: Record<string, string>): string {
  const base = path === '/' ? `/${LANG}` : `/${LANG}${path}`;
  const qs = search && Object.keys(search).length > 0 ? `?${new URLSearchParams(search).toString()}` : '';
  return base + qs;
}

/** Any language other than pt goes to pt, keeping the rest: '/en/login' -> '/pt/login', '/pt-br/bill' -> '/pt/bill'. */
export function withDefaultLanguage(pathname: string): string {
  return `/${LANG}${pathname.replace(/^\/[^/]*/, '')}`;
}
