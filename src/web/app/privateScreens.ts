import type { PrivateScreenKey } from '#shared/routes';
import type { Screen } from './screens';
import { lazyScreen } from './lazyScreen';

/**
 * The screen map of the signed-in screens of src/shared/routes.ts (loaded with the signed-in
 * frame). A screen not built yet shows the placeholder inside the frame.
 */
const proposal = lazyScreen(() => import('../features/proposal/ProposalScreen'));
const placeholder = lazyScreen(() => import('../features/placeholder/PlaceholderScreen'));

// screens that share a component share the lazy wrapper, so moving between them keeps it mounted
const PRIVATE_SCREENS: Readonly<Record<PrivateScreenKey, ReturnType<typeof lazyScreen>>> = {
  bill: lazyScreen(() => import('../features/bill/BillScreen')),
  profile: placeholder,
  technicalVisit: lazyScreen(() => import('../features/visit/VisitScreen')),
  proposalInitial: proposal,
  proposalFinal: proposal,
  payment: placeholder,
  planSignature: placeholder,
  projectStatus: placeholder,
  customersSignature: placeholder,
  bookingPayment: placeholder,
};

export const PRIVATE_SCREEN_COMPONENTS: Readonly<Record<PrivateScreenKey, Screen>> = Object.fromEntries(
  Object.entries(PRIVATE_SCREENS).map(([key, screen]) => [key, screen.Screen]),
) as Record<PrivateScreenKey, Screen>;

/** Loads a signed-in screen's code while the session is checked (a reload lands on it). */
export const preloadPrivateScreen = (key: PrivateScreenKey): Promise<unknown> => PRIVATE_SCREENS[key].preload();
