import * as v from 'valibot';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { messages as m } from '../messages';
import { MenuStep } from '../process/payloads';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../document/rules';
import { ATTRIBUTION_VALUE_MAX } from './attribution';

const AttributionValue = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(ATTRIBUTION_VALUE_MAX));
/**
 * The marketing attribution sent with the sign-up (spec §3, §9; the cookie of ./attribution.ts):
 * utm_source always, the other parameters when the landing URL had them, each at most 200 characters.
 */
export const MarketingAttribution = v.object({
  utm_source: AttributionValue,
  utm_medium: v.optional(AttributionValue),
  utm_campaign: v.optional(AttributionValue),
  utm_content: v.optional(AttributionValue),
  utm_term: v.optional(AttributionValue),
  gclid: v.optional(AttributionValue),
  franchisee: v.optional(AttributionValue),
  representative: v.optional(AttributionValue),
});
export type MarketingAttribution = v.InferOutput<typeof MarketingAttribution>;
/** GET admin/customers/{id}/attribution (staff): what the customer's sign-up carried, null when nothing. */
export const CustomerAttribution = v.object({
  data: v.nullable(MarketingAttribution),
});

/** GET /portal/customers: the customer profile (spec §3). Later issues fill the nullable parts. */
export const CustomerProfile = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  /** canonical phone, country code in the first 2 digits */
  phone: v.string(),
  franchisee_id: v.nullable(v.string()),
  customer_success_id: v.nullable(v.number()),
  subscription_lending: v.picklist(['SUBSCRIPTION', 'LENDING']),
  /** 'CPF' individual, 'CNPJ' company */
  type: v.picklist(['CPF', 'CNPJ']),
  document_value: v.nullable(v.string()),
  unit_type: v.string(),
  bill_id: v.nullable(v.number()),
  bill_value: v.nullable(v.number()),
  bill: v.nullable(v.string()),
  state: v.string(),
  city: v.number(),
  city_name: v.string(),
  coupon: v.nullable(v.string()),
  has_partnership: v.boolean(),
  payment_type: v.nullable(v.picklist(['CASH_PURCHASE', 'FINANCING'])),
  selected_client_plan: v.nullable(v.object({ plan: v.object({ name: v.string() }), price: v.number() })),
  /** the current record of each document type sent on the booking screen (spec §2 profile: status of documents) */
  documents: v.array(v.object({ type: v.picklist(DOCUMENT_TYPES), status: v.picklist(DOCUMENT_STATUSES) })),
  /** the generated contracts and whether each is signed (spec §4 "Contract step (profile)") */
  contracts: v.array(v.object({ id: v.string(), type: v.string(), name: v.string(), is_client_signed: v.boolean() })),
  steps: v.array(MenuStep),
  customer_success: v.nullable(v.object({ id: v.number(), status: v.string(), upload_available: v.boolean() })),
});
export type CustomerProfile = v.InferOutput<typeof CustomerProfile>;

/**
 * PATCH /portal/customers: the profile data a customer may change, with the sign-up's messages
 * (spec §5); the profile page's form checks the same (src/shared/profile/payloads.ts).
 */
export const CustomerPatch = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, m['common.form.name.min']), v.maxLength(120, m['profile.personal.name.max']))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => isValidEmail(s), m['common.form.email.invalid']), v.toLowerCase())),
});
export type CustomerPatch = v.InferOutput<typeof CustomerPatch>;

/** GET /portal/client-partnership/{id}: the employer partnership and the employee badge (spec §6). */
export const Partnership = v.object({
  id: v.number(),
  has_partnership: v.boolean(),
  /** where the employee badge downloads from (owner only); null before it is sent */
  url: v.nullable(v.string()),
  is_validated: v.boolean(),
  /** what the partnership gives, to show beside the plans; null without one */
  description: v.nullable(v.string()),
  /** free monthly fees the partnership adds to every plan */
  free_months: v.number(),
});
export type Partnership = v.InferOutput<typeof Partnership>;

/** PUT admin/customers/{id}/partnership (staff): confirm or withdraw an individual's employer partnership. */
export const PartnershipEntry = v.object({ has_partnership: v.boolean() });
export const PartnershipSaved = v.object({ id: v.number(), has_partnership: v.boolean() });

// ---- staff: finding a customer and their page ----------------------------------------------------

/** One customer as a search lists them. */
export const StaffCustomerRow = v.object({
  id: v.number(),
  name: v.string(),
  phone: v.string(),
  document: v.nullable(v.string()),
  city: v.string(),
  state: v.string(),
  created_at: v.string(),
});
export const StaffCustomerSearch = v.object({ data: v.array(StaffCustomerRow), total: v.number() });
export type StaffCustomerSearch = v.InferOutput<typeof StaffCustomerSearch>;

/** One move of the customer's process: what happened, who caused it, the state before and after. */
export const StaffProcessMove = v.object({
  version: v.number(),
  event: v.string(),
  by: v.picklist(['customer', 'staff', 'system']),
  staff_name: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
  at: v.string(),
});
export type StaffProcessMove = v.InferOutput<typeof StaffProcessMove>;

/** A customer's page for staff: who they are, where their process is, and how it got there. */
export const StaffCustomer = v.object({
  customer: v.object({
    ...StaffCustomerRow.entries,
    email: v.string(),
    kind: v.picklist(['SUBSCRIPTION', 'LENDING']),
    payment_type: v.nullable(v.string()),
  }),
  process: v.object({ state: v.unknown(), version: v.number() }),
  moves: v.array(StaffProcessMove),
});
export type StaffCustomer = v.InferOutput<typeof StaffCustomer>;
