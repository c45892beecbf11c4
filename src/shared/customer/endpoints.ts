import { ANY_STAFF } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import { SignUpRequest, SignUpResponse, signUpFormOf } from '../auth/payloads';
import * as v from 'valibot';
import { CustomerAttribution, CustomerPatch, CustomerProfile, Partnership, PartnershipEntry, PartnershipSaved, StaffCustomer, StaffCustomerSearch } from './payloads';

/** The customer's account: sign-up, profile, and the employer partnership with its employee badge. */

export const signUp = endpoint({
  method: 'post', path: '/portal/customers', auth: 'none', tag: 'customers', body: SignUpRequest, bodyFor: signUpFormOf,
  summary: 'Sign-up (personal, or business with document_type CNPJ). Needs the phone_proof from confirm-number or login.',
  responses: {
    201: { description: 'created and signed in', schema: SignUpResponse },
    400: failure('invalid payload (4000) or CNPJ (1018)'),
    403: failure('phone not confirmed (5003)'),
    409: failure('e-mail (1005) or phone (5004) already in use'),
    422: failure('city not in the state (5002) or unknown coupon (4002, INVALID_COUPON)'),
  },
});

export const profile = endpoint({
  method: 'get', path: '/portal/customers', auth: 'customer', tag: 'customers', summary: "The signed-in customer's profile.",
  responses: { 200: { description: 'profile', schema: CustomerProfile }, 401: failure('no valid session (4010)') },
});

export const updateProfile = endpoint({
  method: 'patch', path: '/portal/customers', auth: 'customer', tag: 'customers', body: CustomerPatch,
  summary: 'Change the name. The e-mail goes as it is: a different one is refused (4099), it changes with its codes (POST /portal/customers/email/code).',
  responses: {
    200: { description: 'the updated profile', schema: CustomerProfile }, 401: failure('no valid session'),
    409: failure('a different e-mail: it needs its codes (4099)'),
    429: failure('more than 10 changes in an hour (4295); retry_after_s says when'),
  },
});

const session401 = { 401: failure('no valid session') };

export const partnership = endpoint({
  method: 'get', path: '/portal/client-partnership/:id', auth: 'customer', tag: 'partnership',
  summary: "The signed-in customer's partnership (id is their client id) and their employee badge link.",
  responses: { 200: { description: 'partnership', schema: Partnership }, ...session401, 404: failure('not this customer') },
});

export const sendEmployeeBadge = endpoint({
  method: 'post', path: '/portal/client-partnership/:id/emproyee-card', auth: 'customer', tag: 'partnership',
  multipart: { field: 'file', description: 'employee badge or proof of employer link: PDF, JPEG or PNG, at most 10 MB' },
  summary: 'Send the employee badge (path spelled as the spec spells it).',
  responses: {
    201: { description: 'partnership with the badge link (a badge sent before is replaced and deleted)', schema: Partnership }, ...session401, 404: failure('not this customer'),
    403: failure('the customer has no employer partnership (4031)'),
    413: failure('over 10 MB (4130), or an image over 40 megapixels (4131)'), 415: failure('not a PDF, JPEG or PNG by content (4150)'),
    429: failure("the customer's badge files reached their quota: 20 files or 100 MB (4294)"),
  },
});

export const employeeBadge = endpoint({
  method: 'get', path: '/portal/client-partnership/:id/emproyee-card', auth: 'customer', tag: 'partnership',
  summary: 'Download the employee badge (owner only, attachment).',
  responses: { 200: { description: 'the file' }, ...session401, 404: failure('no badge') },
});

// ---- staff --------------------------------------------------------------------------------------

export const setPartnership = endpoint({
  method: 'put', path: '/admin/customers/:id/partnership', auth: 'staff', roles: ['sales'], tag: 'admin', body: PartnershipEntry,
  summary: "Confirm or withdraw an individual customer's employer partnership (the bill page then asks for the employee badge); audited.",
  responses: {
    200: { description: 'saved', schema: PartnershipSaved }, ...staffFailures,
    404: failure('no such customer'), 409: failure('a company (CNPJ) has no employer partnership (4090)'),
  },
});

export const attribution = endpoint({
  method: 'get', path: '/admin/customers/:id/attribution', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "The marketing attribution the customer signed up with (utm_*, gclid, franchisee, representative; spec §3, §9), null when none.",
  responses: { 200: { description: 'the attribution or null', schema: CustomerAttribution }, ...staffFailures, 404: failure('no such customer') },
});

/** Customers per page of the search (staff). */
export const CUSTOMER_PAGE_SIZE = 25;

/** How the customer search sorts (staff). */
export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'name_desc'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const searchCustomers = endpoint({
  method: 'get', path: '/admin/customers', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  query: {
    q: { schema: v.pipe(v.string(), v.trim(), v.maxLength(100)), description: 'name, phone, CPF/CNPJ or installation number (digits match digits)' },
    page: { schema: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), description: `page of ${CUSTOMER_PAGE_SIZE}, from 1` },
    sort: { schema: v.picklist(CUSTOMER_SORTS), description: "newest (the default), oldest, or by name ('name', 'name_desc')" },
  },
  summary: 'Find customers by name, phone, CPF/CNPJ or installation number; newest first or sorted by name or age, a page at a time.',
  responses: { 200: { description: 'the customers found', schema: StaffCustomerSearch }, ...staffFailures },
});

export const staffCustomer = endpoint({
  method: 'get', path: '/admin/customers/:id', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "A customer's page: profile, the process's state, and every move of it with who caused it and when. Each read is audited.",
  responses: { 200: { description: 'the customer', schema: StaffCustomer }, 404: failure('no such customer'), ...staffFailures },
});

export const customerEndpoints = [signUp, profile, updateProfile, partnership, sendEmployeeBadge, employeeBadge, setPartnership, attribution, searchCustomers, staffCustomer];
