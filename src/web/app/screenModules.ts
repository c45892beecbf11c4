import type { PrivateScreenKey } from '#shared/routes';

/**
 * The source file of the signed-in frame and of each signed-in screen. privateScreens.ts loads the
 * screens by it, and the build lists each screen's chunks in the signed-in pages' HTML, so a reload
 * of /pt/technical-visit with a stored session fetches the frame's and the screen's code at once
 * instead of one chunk after the other (scripts/prerender-plugin.ts, src/shared/pageCode.ts).
 * Plain data: the build reads it in Node.
 */
/** what every signed-in page needs: the API client (the session check), the frame, the screen map */
export const PRIVATE_SHELL_MODULES = ['src/web/api/client.ts', 'src/web/app/PrivateShell.tsx', 'src/web/app/privateScreens.ts'] as const;

export const PRIVATE_SCREEN_MODULES = {
  bill: 'src/web/features/bill/BillScreen.tsx',
  profile: 'src/web/features/placeholder/PlaceholderScreen.tsx',
  technicalVisit: 'src/web/features/visit/VisitScreen.tsx',
  proposalInitial: 'src/web/features/proposal/ProposalScreen.tsx',
  proposalFinal: 'src/web/features/proposal/ProposalScreen.tsx',
  payment: 'src/web/features/placeholder/PlaceholderScreen.tsx',
  planSignature: 'src/web/features/placeholder/PlaceholderScreen.tsx',
  projectStatus: 'src/web/features/placeholder/PlaceholderScreen.tsx',
  customersSignature: 'src/web/features/placeholder/PlaceholderScreen.tsx',
  bookingPayment: 'src/web/features/placeholder/PlaceholderScreen.tsx',
} as const satisfies Record<PrivateScreenKey, `src/web/features/${string}Screen.tsx`>;
