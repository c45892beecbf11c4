import { lazy } from 'react';
import type { PrivateScreenKey } from '#shared/routes';
import type { Screen } from './screens';

/**
 * The screen map of the signed-in screens of src/shared/routes.ts (loaded with the signed-in
 * frame). A screen not built yet shows the placeholder inside the frame.
 */
const Proposal = lazy(() => import('../features/proposal/ProposalScreen'));
const Placeholder = lazy(() => import('../features/placeholder/PlaceholderScreen'));

export const PRIVATE_SCREEN_COMPONENTS: Readonly<Record<PrivateScreenKey, Screen>> = {
  bill: lazy(() => import('../features/bill/BillScreen')),
  profile: Placeholder,
  technicalVisit: lazy(() => import('../features/visit/VisitScreen')),
  proposalInitial: Proposal,
  proposalFinal: Proposal,
  payment: Placeholder,
  planSignature: Placeholder,
  projectStatus: Placeholder,
  customersSignature: Placeholder,
  bookingPayment: Placeholder,
};
