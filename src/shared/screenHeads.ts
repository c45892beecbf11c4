import { messages } from './messages';
import { PROPOSAL_TITLE } from './proposal/rules';
import { SCREENS, type PrivateScreenKey } from './routes';

/**
 * How each signed-in page opens: its title, its lead and its column's width. The page shows them
 * while its data loads, and the page's HTML paints them before any code runs (the build renders
 * them for a stored session's reload, scripts/prerender-plugin.ts), so a customer sees where they
 * are at once instead of a loading screen. A page whose loaded view opens otherwise (an outcome,
 * a booked visit) replaces them when its data arrives.
 */
export interface ScreenHead {
  title: string;
  lead?: string;
  width: 'narrow' | 'medium' | 'wide';
}

export const SCREEN_HEADS: Readonly<Record<PrivateScreenKey, ScreenHead>> = {
  bill: { title: SCREENS.bill.title, lead: messages['bill.lead'], width: 'narrow' },
  profile: { title: SCREENS.profile.title, lead: messages['profile.lead'], width: 'wide' },
  technicalVisit: { title: messages['visit.title'], lead: messages['visit.lead'], width: 'medium' },
  proposalInitial: { title: PROPOSAL_TITLE.INITIAL, lead: messages['proposal.initial.lead'], width: 'wide' },
  proposalFinal: { title: PROPOSAL_TITLE.FINAL, lead: messages['proposal.final.lead'], width: 'wide' },
  payment: { title: SCREENS.payment.title, lead: messages['payment.lead'], width: 'wide' },
  planSignature: { title: SCREENS.planSignature.title, lead: messages['plan.lead'], width: 'wide' },
  projectStatus: { title: messages['project.title'], lead: messages['project.lead'], width: 'wide' },
  customersSignature: { title: SCREENS.customersSignature.title, lead: messages['contract.lead'], width: 'wide' },
  bookingPayment: { title: SCREENS.bookingPayment.title, lead: messages['checkout.lead'], width: 'wide' },
};
