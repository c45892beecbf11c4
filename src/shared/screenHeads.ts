import { messages } from './messages';
import { PRIVATE_SCREEN_KEYS, SCREENS, type PrivateScreenKey, type ScreenWidth } from './routes';

/**
 * How each signed-in page opens: its title, its lead and its column's width, from its row of the
 * screen table (routes.ts). The page shows them while its data loads, and the page's HTML paints
 * them before any code runs (the build renders them for a stored session's reload,
 * scripts/prerender-plugin.ts), so a customer sees where they are at once instead of a loading
 * screen. A page whose loaded view opens otherwise (an outcome, a booked visit) replaces them when
 * its data arrives.
 */
export interface ScreenHead {
  title: string;
  lead?: string;
  width: ScreenWidth;
}

export const SCREEN_HEADS: Readonly<Record<PrivateScreenKey, ScreenHead>> = Object.fromEntries(PRIVATE_SCREEN_KEYS.map((key) => {
  const row: { title: string; lead?: keyof typeof messages; width?: ScreenWidth } = SCREENS[key];
  return [key, { title: row.title, ...(row.lead ? { lead: messages[row.lead] } : {}), width: row.width ?? 'wide' }];
})) as Record<PrivateScreenKey, ScreenHead>;
