import { apiPath, type Endpoint } from '#shared/endpoint';
import { bills } from '#shared/bill/endpoints';
import { notifications } from '#shared/notification/endpoints';
import { PRIVATE_SCREEN_KEYS, SCREENS, type PrivateScreenKey } from '#shared/routes';
import { blockedDays, visit } from '#shared/visit/endpoints';
import { customerPlans, selectedClientPlan } from '#shared/plan/endpoints';
import { checkoutStatus } from '#shared/checkout/endpoints';
import { documents } from '#shared/document/endpoints';

/**
 * The source file of the signed-in frame and of each signed-in screen. privateScreens.ts loads the
 * screens by it, and the build lists each screen's chunks in the signed-in pages' HTML, so a reload
 * of /pt/technical-visit with a stored session fetches the frame's and the screen's code at once
 * instead of one chunk after the other (scripts/prerender-plugin.ts, src/shared/pageCode.ts).
 * Plain data: the build reads it in Node.
 *
 * The reads are the calls each one makes as it opens, which the page's head makes for a stored
 * session beside the code (src/web/journey/earlyStart.ts hands them over): GETs without
 * parameters. A read listed here that the screen no longer makes costs one call; one it makes and
 * is not listed waits for the code, as before.
 */

// what every signed-in page needs: the API client (the session check), the frame, the screen map
export const PRIVATE_SHELL_MODULES = ['src/web/api/client.ts', 'src/web/app/PrivateShell.tsx', 'src/web/app/privateScreens.ts'] as const;

/** Each signed-in screen's source file, from its row of the screen table. */
export const PRIVATE_SCREEN_MODULES: Readonly<Record<PrivateScreenKey, string>> = Object.fromEntries(
  PRIVATE_SCREEN_KEYS.map((key) => [key, SCREENS[key].module]),
) as Record<PrivateScreenKey, string>;

/** the bell's first read, on every signed-in page */
export const PRIVATE_SHELL_READS: readonly Endpoint[] = [notifications];

export const PRIVATE_SCREEN_READS: Readonly<Partial<Record<PrivateScreenKey, readonly Endpoint[]>>> = {
  // (the profile, which both read too, the head asks for on every page; the journey takes that answer)
  bill: [bills],
  profile: [visit, documents],
  technicalVisit: [visit, blockedDays],
  planSignature: [customerPlans, selectedClientPlan],
  bookingPayment: [selectedClientPlan, checkoutStatus],
};

/** The paths the page's head asks for: GETs without parameters only. */
export function readPaths(reads: readonly Endpoint[] = []): string[] {
  return reads.map((read) => {
    if (read.method !== 'get' || read.path.includes(':')) throw new Error(`${read.method} ${read.path} cannot be read before the code`);
    return apiPath(read);
  });
}
