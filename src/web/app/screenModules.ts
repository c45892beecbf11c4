import { apiPath, type Endpoint } from '#shared/endpoint';
import { bills } from '#shared/bill/endpoints';
import { notifications } from '#shared/notification/endpoints';
import type { PrivateScreenKey } from '#shared/routes';
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

export const PRIVATE_SCREEN_MODULES = {
  bill: 'src/web/features/bill/BillScreen.tsx',
  profile: 'src/web/features/profile/ProfileScreen.tsx',
  technicalVisit: 'src/web/features/visit/VisitScreen.tsx',
  proposalInitial: 'src/web/features/proposal/ProposalScreen.tsx',
  proposalFinal: 'src/web/features/proposal/ProposalScreen.tsx',
  payment: 'src/web/features/payment/PaymentScreen.tsx',
  planSignature: 'src/web/features/plan/PlanScreen.tsx',
  projectStatus: 'src/web/features/project/ProjectStatusScreen.tsx',
  customersSignature: 'src/web/features/contract/ContractScreen.tsx',
  bookingPayment: 'src/web/features/checkout/CheckoutScreen.tsx',
} as const satisfies Record<PrivateScreenKey, `src/web/features/${string}Screen.tsx`>;

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
