import { ANY_STAFF } from '../staff/roles';
import { endpoint, failure, staffFailures } from '../endpoint';
import {
  CustomerSuccessCase, CustomerSuccessCreate, ProjectMessage, ProjectMessageInput, ProjectStatusChange, ProjectUploadSwitch, StagedAttachment,
  StaffProjectView, UploadAnswer,
} from './payloads';

/**
 * The customer's project follow-up (spec §7 "customer success"): the customer-success case with the
 * project's status, the staff's mural, the distributor's request and the files asked for; staff
 * moving the project through the seven statuses (spec §4) and writing to the mural.
 */

export const openCustomerSuccess = endpoint({
  method: 'post', path: '/portal/customers_success/create', auth: 'customer', tag: 'customer success', body: CustomerSuccessCreate,
  summary: "Open (or return) the customer-success follow-up for the signed-in customer (client_id is their own id): 'Acompanhar meu projeto', or a plan that does not fit.",
  responses: { 200: { description: 'the case', schema: CustomerSuccessCase }, 401: failure('no valid session'), 404: failure('client_id is not the signed-in customer') },
});

export const caseMessages = endpoint({
  method: 'get', path: '/portal/customers_success/:id/get_messages', auth: 'customer', tag: 'customer success',
  summary: "The project-status screen's read: the case with the project's status, the mural (newest first), the distributor's request and the files sent.",
  responses: { 200: { description: 'the case', schema: CustomerSuccessCase }, 401: failure('no valid session'), 404: failure("not the customer's case (4040)") },
});

export const caseUpload = endpoint({
  method: 'post', path: '/portal/customers_success/:id/upload', auth: 'customer', tag: 'customer success',
  multipart: { field: 'file', description: 'the file staff asked for: PDF, JPEG or PNG, up to 10 MB (checked by content)' },
  summary: 'The customer sends the file staff asked for, while staff keep the upload open (upload_available).',
  responses: {
    201: { description: 'stored', schema: UploadAnswer }, 400: failure('no file (4003) or an empty one (4005)'), 401: failure('no valid session'),
    404: failure("not the customer's case (4040)"), 409: failure('the upload is not open (4090)'), 413: failure('over 10 MB (4130) or too many pixels (4131)'),
    415: failure('not a PDF, JPEG or PNG by its content (4150)'), 429: failure('upload quota reached (4294)'),
  },
});

export const caseFile = endpoint({
  method: 'get', path: '/portal/customers_success/:id/files/:fileId', auth: 'customer', tag: 'customer success',
  summary: 'A file the customer sent, to its owner (a download, never shown inline).',
  responses: { 200: { description: 'the file' }, 401: failure('no valid session'), 404: failure('no such file of this customer (4041)') },
});

export const muralAttachment = endpoint({
  method: 'get', path: '/portal/customers_success/:id/messages/:messageId/attachment', auth: 'customer', tag: 'customer success',
  summary: "The file the team attached to a message on the customer's own mural (a download, never shown inline).",
  responses: { 200: { description: 'the file' }, 401: failure('no valid session'), 404: failure("not the customer's case, or no file on that message (4041)") },
});

// ---- staff --------------------------------------------------------------------------------------

export const staffProject = endpoint({
  method: 'get', path: '/admin/customers/:id/project', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: "A customer's project follow-up (staff): the case as the customer sees it, the process version and every filing.",
  responses: { 200: { description: 'the project', schema: StaffProjectView }, ...staffFailures, 404: failure('no such customer') },
});

export const changeProjectStatus = endpoint({
  method: 'put', path: '/admin/customers/:id/project/status', auth: 'staff', roles: ['support'], tag: 'admin', body: ProjectStatusChange,
  summary: "Move the project to its next status (one step at a time; the first one from INSTALATION), with the distributor's request from PROJECT_SUBMITTED_TO_DEALERSHIP on; the current status again corrects its request. The customer is told in the bell; audited.",
  responses: {
    200: { description: 'the project', schema: StaffProjectView }, 400: failure('invalid data (4000)'), ...staffFailures, 404: failure('no such customer'),
    409: failure('not the next status, a request before the distributor stage (4090), or a stale version (4091)'),
  },
});

export const postProjectMessage = endpoint({
  method: 'post', path: '/admin/customers/:id/project/messages', auth: 'staff', roles: ['support'], tag: 'admin', body: ProjectMessageInput,
  summary: "A message on the customer's 'Mural de Status', with the file received by POST .../project/attachments if any; the customer is told in the bell; audited.",
  responses: {
    201: { description: 'posted', schema: ProjectMessage }, 400: failure('empty or over 2000 characters (4000)'), ...staffFailures,
    404: failure('no such customer, or no such attachment of this customer (4041)'), 409: failure('the attachment already went with a message (4090)'),
  },
});

export const stageMuralAttachment = endpoint({
  method: 'post', path: '/admin/customers/:id/project/attachments', auth: 'staff', roles: ['support'], tag: 'admin',
  multipart: { field: 'file', description: "the file for the customer: PDF, JPEG or PNG, up to 10 MB (checked by content, as the customers' files)" },
  summary: "A file for the customer's mural, received and stored before the message it goes with (POST .../project/messages with its id); audited with the message.",
  responses: {
    201: { description: 'stored', schema: StagedAttachment }, 400: failure('no file (4003) or an empty one (4005)'), ...staffFailures, 404: failure('no such customer'),
    413: failure('over 10 MB (4130) or too many pixels (4131)'), 415: failure('not a PDF, JPEG or PNG by its content (4150)'),
  },
});

export const staffMuralAttachment = endpoint({
  method: 'get', path: '/admin/customers/:id/project/messages/:messageId/attachment', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: 'The file attached to a mural message (staff).',
  responses: { 200: { description: 'the file' }, ...staffFailures, 404: failure('no file on that message (4041)') },
});

export const switchProjectUpload = endpoint({
  method: 'put', path: '/admin/customers/:id/project/upload', auth: 'staff', roles: ['support'], tag: 'admin', body: ProjectUploadSwitch,
  summary: "Open or close the customer's upload on the project-status screen (opening it tells the customer in the bell); audited.",
  responses: { 200: { description: 'the project', schema: StaffProjectView }, ...staffFailures, 404: failure('no such customer') },
});

export const staffProjectFile = endpoint({
  method: 'get', path: '/admin/customers/:id/project/files/:fileId', auth: 'staff', roles: ANY_STAFF, tag: 'admin',
  summary: 'A file the customer sent through the project-status screen (staff).',
  responses: { 200: { description: 'the file' }, ...staffFailures, 404: failure('no such file (4041)') },
});

export const projectEndpoints = [
  openCustomerSuccess, caseMessages, caseUpload, caseFile, muralAttachment, staffProject, changeProjectStatus, postProjectMessage, stageMuralAttachment,
  staffMuralAttachment, switchProjectUpload, staffProjectFile,
];
