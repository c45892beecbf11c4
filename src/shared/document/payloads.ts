import * as v from 'valibot';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './rules';

/** One document record (spec §3): its type, status and, when denied, why. */
export const DocumentRecord = v.object({
  id: v.number(),
  name: v.string(),
  type: v.picklist(DOCUMENT_TYPES),
  status: v.picklist(DOCUMENT_STATUSES),
  file_name: v.string(),
  has_back: v.boolean(),
  justification: v.nullable(v.string()),
  created_at: v.string(),
});
export type DocumentRecord = v.InferOutput<typeof DocumentRecord>;

/** GET / POST /portal/customers/documents: the customer's current record of each type. */
export const DocumentsResponse = v.object({ data: v.array(DocumentRecord) });

/** PUT admin/customers/{id}/documents/{documentId} (staff): approve, or deny with the reason the customer reads. */
export const StaffDocumentDecision = v.pipe(
  v.object({
    status: v.picklist(['APPROVED', 'DENIED']),
    justification: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(500)))),
  }),
  v.check((d) => d.status !== 'DENIED' || !!d.justification, 'Informe o motivo da recusa.'),
);
export type StaffDocumentDecision = v.InferOutput<typeof StaffDocumentDecision>;
