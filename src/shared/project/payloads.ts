import * as v from 'valibot';
import { messages } from '../messages';
import { isIsoDay } from '../calendar';
import { DEADLINE_UNITS, PROJECT_STATUSES } from './rules';

/** POST /portal/customers_success/create: `client_id` is the signed-in customer's own id. */
export const CustomerSuccessCreate = v.object({ client_id: v.pipe(v.number(), v.integer()) });

/** A file the team attached to a mural message: the customer downloads it from their own case (its name for display only). */
export const MuralAttachment = v.object({ name: v.string(), kind: v.picklist(['pdf', 'png', 'jpeg']), size: v.number() });
export type MuralAttachment = v.InferOutput<typeof MuralAttachment>;

/** A staff message on the case's mural (spec §2 'Mural de Status'), with the file attached to it if any. */
export const ProjectMessage = v.object({ id: v.number(), message: v.string(), created_at: v.string(), attachment: v.optional(v.nullable(MuralAttachment)) });
export type ProjectMessage = v.InferOutput<typeof ProjectMessage>;

/** A file the customer sent through the project-status screen (its name for display only). */
export const ProjectFile = v.object({ id: v.number(), name: v.string(), created_at: v.string() });
export type ProjectFile = v.InferOutput<typeof ProjectFile>;

/**
 * The request with the distributor as the screen shows it (docs/decisions/0022-project-status.md):
 * recorded by staff with a status from PROJECT_SUBMITTED_TO_DEALERSHIP on; the deadline's last day,
 * the days gone by and whether it is overdue come from the server's clock.
 */
export const DealershipView = v.object({
  /** the status it was recorded with: the stage whose deadline it is */
  stage: v.string(),
  /** the request is for the stage the project is at */
  current: v.boolean(),
  protocol: v.string(),
  distributor: v.nullable(v.string()),
  filed_on: v.string(),
  deadline_days: v.nullable(v.number()),
  deadline_unit: v.nullable(v.picklist(DEADLINE_UNITS)),
  due_on: v.nullable(v.string()),
  days_elapsed: v.number(),
  overdue: v.boolean(),
});
export type DealershipView = v.InferOutput<typeof DealershipView>;

/**
 * The customer-success case that follows a customer's project (spec §3 "Customer-success case":
 * client_id, messages, status; the profile's upload_available). `project_status` is a string: a
 * status this screen does not know yet is shown as step 0 (spec §4), never a failed read.
 */
export const CustomerSuccessCase = v.object({
  id: v.number(),
  client_id: v.number(),
  status: v.picklist(['OPEN', 'CLOSED']),
  upload_available: v.boolean(),
  project_status: v.nullable(v.string()),
  /** newest first */
  messages: v.array(ProjectMessage),
  dealership: v.nullable(DealershipView),
  files: v.array(ProjectFile),
});
export type CustomerSuccessCase = v.InferOutput<typeof CustomerSuccessCase>;

/** POST portal/customers_success/{id}/upload: the file stored and the case as it now stands. */
export const UploadAnswer = v.object({ file: ProjectFile, case: CustomerSuccessCase });
export type UploadAnswer = v.InferOutput<typeof UploadAnswer>;

// ---- staff --------------------------------------------------------------------------------------

const day = v.pipe(v.string(), v.check(isIsoDay, 'Data inválida (AAAA-MM-DD).'));

/** The request filed with the distributor for a stage: protocol, day, the REN 1.000 deadline staff read for it. */
export const FilingInput = v.object({
  protocol: v.pipe(v.string(), v.trim(), v.minLength(1, messages['common.form.required']), v.maxLength(60)),
  distributor: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(80)))),
  filed_on: day,
  /** none: the stage has no deadline for the distributor */
  deadline_days: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(730)))),
  deadline_unit: v.optional(v.picklist(DEADLINE_UNITS), 'CALENDAR'),
});
export type FilingInput = v.InferOutput<typeof FilingInput>;

/**
 * PUT admin/customers/{id}/project/status: the next status (one step at a time), or the current one
 * again to correct its filing. `version` is the process version the staff member saw.
 */
export const ProjectStatusChange = v.object({
  status: v.picklist(PROJECT_STATUSES),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  filing: v.optional(FilingInput),
});
export type ProjectStatusChange = v.InferOutput<typeof ProjectStatusChange>;

/**
 * POST admin/customers/{id}/project/messages: the text, and the file received beforehand by POST
 * admin/customers/{id}/project/attachments when one goes with it.
 */
export const ProjectMessageInput = v.object({
  message: v.pipe(v.string(), v.trim(), v.minLength(1, messages['common.form.required']), v.maxLength(2000)),
  attachment_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type ProjectMessageInput = v.InferOutput<typeof ProjectMessageInput>;

/** POST admin/customers/{id}/project/attachments: the file received, waiting for the message it goes with. */
export const StagedAttachment = v.object({ id: v.number(), name: v.string(), kind: v.picklist(['pdf', 'png', 'jpeg']), size: v.number() });
export type StagedAttachment = v.InferOutput<typeof StagedAttachment>;

/** PUT admin/customers/{id}/project/upload: staff open or close the customer's upload. */
export const ProjectUploadSwitch = v.object({ available: v.boolean() });

/** A filing as staff read it back. */
export const FilingRecord = v.object({
  stage: v.picklist(PROJECT_STATUSES), protocol: v.string(), distributor: v.nullable(v.string()), filed_on: v.string(),
  deadline_days: v.nullable(v.number()), deadline_unit: v.picklist(DEADLINE_UNITS), recorded_at: v.string(),
});

/** GET admin/customers/{id}/project: the case as the customer sees it (none before it is opened), the process version and every filing. */
export const StaffProjectView = v.object({
  case: v.nullable(CustomerSuccessCase),
  project_status: v.nullable(v.picklist(PROJECT_STATUSES)),
  version: v.number(),
  filings: v.array(FilingRecord),
});
export type StaffProjectView = v.InferOutput<typeof StaffProjectView>;
