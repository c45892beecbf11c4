/**
 * The brand's names and outside addresses, in one place so a rename or a new handle is one edit.
 * The company's own site pages are sections of our landing page; stores and social networks are
 * the brand's public profiles.
 */
import { SCREENS, type ScreenKey } from './routes';

/** The brand name shown by the logo and used in titles and alt texts. */
export const BRAND_NAME = 'Sol de Casa';

export const PRIVACY_POLICY_URL = '/politica-de-privacidade.pdf';

/** Footer: the provider's site pages (spec §2 landing and welcome footers). */
export const SITE_LINKS = [
  { label: 'Como funciona', href: '/pt#como-funciona' },
  { label: 'Residencial', href: '/pt#residencial' },
  { label: 'Sobre nós', href: '/pt#sobre-nos' },
] as const;

export const APP_STORE_URL = 'https://apps.apple.com/br/search?term=sol%20de%20casa';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/search?q=sol%20de%20casa&c=apps&hl=pt_BR';

export const SOCIAL_LINKS = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/soldecasa' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/soldecasa' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/soldecasa' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@soldecasa' },
] as const;

/**
 * The page's document title: 'Conta de luz | Sol de Casa'; the landing page is the portal itself,
 * as index.html names it. The screen table names the page and the brand signs it (here, so the
 * table stays plain data).
 */
export function documentTitle(key: ScreenKey): string {
  return key === 'landing' ? `Portal ${BRAND_NAME}` : `${SCREENS[key].title} | ${BRAND_NAME}`;
}
