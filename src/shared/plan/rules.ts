import type { StepType } from '../steps';

/**
 * The subscription plans (spec §9): the catalogue's fixed facts, the partnership's free months and
 * where the plans screen and the booking screen send a customer who is past them (spec §2). The
 * monthly figures come from the sizing engine per customer; everything here is the same for all.
 */

export type PlanType = 'LOW' | 'MEDIUM' | 'MAX';
export const PLAN_TYPES: readonly PlanType[] = ['LOW', 'MEDIUM', 'MAX'];

/** The catalogue (GET portal/plans): one plan per level, its id is the `planId` of `plans/{planId}/sign`. */
export interface CatalogPlan {
  id: number;
  type: PlanType;
  name: string;
  deadline_years: number;
  /** free monthly fees without a partnership */
  free_months: number;
  joining_fee: number;
  has_assistance: boolean;
  has_monitoring_by_app: boolean;
  /** the system becomes the customer's at the end of the term (only the 20-year plan) */
  system_becomes_yours: boolean;
}

export const PLAN_CATALOGUE: readonly CatalogPlan[] = [
  { id: 1, type: 'LOW', name: 'Plano 3 anos', deadline_years: 3, free_months: 1, joining_fee: 0, has_assistance: true, has_monitoring_by_app: true, system_becomes_yours: false },
  { id: 2, type: 'MEDIUM', name: 'Plano 5 anos', deadline_years: 5, free_months: 2, joining_fee: 0, has_assistance: true, has_monitoring_by_app: true, system_becomes_yours: false },
  { id: 3, type: 'MAX', name: 'Plano 20 anos', deadline_years: 20, free_months: 3, joining_fee: 0, has_assistance: true, has_monitoring_by_app: true, system_becomes_yours: true },
];

export const catalogPlan = (type: PlanType): CatalogPlan => PLAN_CATALOGUE.find((p) => p.type === type)!;
export const catalogPlanById = (id: number): CatalogPlan | undefined => PLAN_CATALOGUE.find((p) => p.id === id);

/** Spec §9 plan table facts shown beside every plan. */
export const PLAN_TABLE_FACTS = {
  /** trees a year the system's clean energy is worth */
  treesPerYear: 3,
  installationWarrantyYears: 1,
} as const;

/** Spec §6: an employer partnership grants two more free monthly fees on every plan. */
export const PARTNERSHIP_EXTRA_FREE_MONTHS = 2;

export const freeMonthsOf = (type: PlanType, hasPartnership: boolean): number =>
  catalogPlan(type).free_months + (hasPartnership ? PARTNERSHIP_EXTRA_FREE_MONTHS : 0);

/**
 * Spec §2 "Plans screen": a customer who already chose a plan, or whose current step is CHECKOUT,
 * goes to booking-payment; one whose contracts exist (a signature url) goes to customers-signature.
 */
export function plansScreenExit(p: { planChosen: boolean; currentStep: StepType; hasContracts: boolean }): 'customersSignature' | 'bookingPayment' | null {
  if (p.hasContracts) return 'customersSignature';
  if (p.planChosen || p.currentStep === 'CHECKOUT') return 'bookingPayment';
  return null;
}

/** Spec §2 "Booking / checkout screen": with no client plan and the step not CHECKOUT, the plans come first. */
export const bookingNeedsPlan = (p: { planChosen: boolean; currentStep: StepType }): boolean =>
  !p.planChosen && p.currentStep !== 'CHECKOUT';

/**
 * The plan shown beside a purchase proposal to a subscription customer (what the landing page sold):
 * the 20-year plan when it is fit, else the fit plan that saves most each month; none when no plan fits.
 */
export function featuredPlan<T extends { deadline_type: PlanType; is_fit: boolean; economy_per_month: number }>(offers: readonly T[]): T | null {
  const fit = offers.filter((o) => o.is_fit);
  return fit.find((o) => o.deadline_type === 'MAX') ?? [...fit].sort((a, b) => b.economy_per_month - a.economy_per_month)[0] ?? null;
}
