import type { CustomerProfile } from '../customer/payloads';
import { MENU_ITEMS } from '../menu';
import type { ScreenPath } from '../routes';
import { currentStep, landingRoute } from '../steps';

/**
 * The bill step's rules shared by server, machines and screens (spec §4, §5 "Files").
 */

/** Every status a bill can have: the assistant's (WAITING, DISAPPROVED, APPROVED), PENDING while it reads, and the staff outcomes APP and DENIED. */
export const BILL_STATUSES = ['PENDING', 'WAITING', 'DISAPPROVED', 'APPROVED', 'APP', 'DENIED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The one justification that lets the customer send another bill (spec §4). */
export const BILL_REUPLOAD_JUSTIFICATION = 'ilegível ou incompleta';

/** A bill disapproved as illegible or incomplete may be replaced; every other outcome locks the upload. */
export function billAllowsReupload(bill: { status: BillStatus; justification_disapproved: string | null } | null): boolean {
  if (!bill) return true;
  return bill.status === 'DISAPPROVED' && bill.justification_disapproved === BILL_REUPLOAD_JUSTIFICATION;
}

/** Uploads (bills, badges, documents): at most 10 MB, PDF, JPEG or PNG by content. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_KINDS = ['pdf', 'png', 'jpeg'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_MIME: Readonly<Record<UploadKind, string>> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };
/** The extension a download gets from its detected type (never the one the customer's name had). */
export const UPLOAD_EXTENSION: Readonly<Record<UploadKind, string>> = { pdf: 'pdf', png: 'png', jpeg: 'jpg' };

/**
 * The most pixels an uploaded image may declare (40 megapixels: a phone photo of a bill is 12 to
 * 50 MP at most sizes that fit in 10 MB). A small file declaring more is a decompression bomb.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** What one customer may keep of each upload kind: files sent (replaced ones included) and bytes stored. */
export const UPLOAD_QUOTA = { files: 20, bytes: 100 * 1024 * 1024 } as const;

/** Why a file was sent; the name downloads of it get (`fatura.pdf`, `cracha.png`). */
/** 'mural': a file the team attached to a mural message for the customer (not counted in the customer's own quota) */
export const UPLOAD_PURPOSES = ['bill', 'employee_card', 'document', 'project', 'mural'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const UPLOAD_DOWNLOAD_NAME: Readonly<Record<UploadPurpose, string>> = { bill: 'fatura', employee_card: 'cracha', document: 'documento', project: 'arquivo-do-projeto', mural: 'anexo-da-equipe' };

/**
 * The name a download is given by the server: `base` without any extension it had, plus the
 * extension of the type detected from the content (`fatura.html` stored as a PDF is `fatura.pdf`).
 */
export function downloadName(base: string, kind: UploadKind): string {
  const stem = base.replace(/\.[^./\\]*$/, '').trim() || 'arquivo';
  return `${stem}.${UPLOAD_EXTENSION[kind]}`;
}

/** Whether one more file of `size` bytes fits the customer's quota for its kind. */
export function uploadFitsQuota(used: { files: number; bytes: number }, size: number): boolean {
  return used.files + 1 <= UPLOAD_QUOTA.files && used.bytes + size <= UPLOAD_QUOTA.bytes;
}

/**
 * The lowest monthly bill taken without a second look: R$ 50 (docs/decisions/0017-dead-ends-a-new-customer-met.md). Below it a value
 * is more likely a slip (cents typed for reais) than a real bill: even the minimum availability
 * charge plus public lighting comes near it, and such a bill gives no solar saving to size.
 */
export const PLAUSIBLE_MIN_BILL_BRL = 50;

/** A bill value the sign-up asks the customer to confirm before sending (0 and empty are the form's own errors). */
export const billValueNeedsConfirmation = (value: number | null | undefined): boolean =>
  value != null && value > 0 && value < PLAUSIBLE_MIN_BILL_BRL;

/** Where the approved bill's button leads: a screen path and its title. */
export interface NextStep { path: ScreenPath; label: string }

/**
 * The screen the customer's steps lead to now (spec §2 landing table on the current step), unless
 * that is still the bill page: what the approved outcome's button opens ('Ir para Proposta inicial').
 */
export function nextStepAfterBill(
  customer: Pick<CustomerProfile, 'steps' | 'subscription_lending' | 'customer_success_id'> | null,
  paymentTypeStored: boolean,
): NextStep | null {
  if (!customer) return null;
  const screen = landingRoute(currentStep(customer.steps, customer.customer_success_id != null), customer.subscription_lending, paymentTypeStored);
  const item = MENU_ITEMS.find((i) => i.screen === screen);
  return screen !== 'bill' && item ? { path: item.path, label: item.label } : null;
}
