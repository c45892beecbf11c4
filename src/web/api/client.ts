import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import {
  CitiesResponse, ConfirmNumberResponse, LoginResponse, PhoneNotFoundBody, SignUpResponse, SmsQueueResponse,
  SuccessResponse, type City, type SignUpRequest, type SmsQueueRequest,
} from '#shared/auth/payloads';
import { CustomerProfile } from '#shared/customer/payloads';
import { ErrorCode, userMessageForError, type ApiErrorBody } from '../../shared/errors';
import type { MessageKey } from '../../shared/messages';
import { messages } from '../../shared/messages';
import { StepsResponse } from '#shared/process/payloads';
import { BillsResponse, BillValues, Notification as NotificationSchema, NotificationsResponse } from '#shared/bill/payloads';
import { CustomerSuccessCase, Partnership, PlanSimulated, type PlanSimulatedRequest } from '#shared/plan/payloads';
import type { MenuStep } from '../../shared/steps';
import { CalendarConfigResponse, CepResult, Visit, VisitResponse, type CancelledVisit, type VisitRequest } from '#shared/visit/payloads';
import { ApprovalResponse, ProposalsResponse, type PaymentType } from '#shared/proposal/payloads';
import type { Proposal } from '#shared/proposal/rules';

type Notification = v.InferOutput<typeof NotificationSchema>;

const VisitCreated = v.object({ data: Visit });

/**
 * The browser's API client (spec §7): one function per call, under /api/v1 on the same origin,
 * `Authorization: Bearer` when signed in and `Accept-Language: pt-BR` on every request. Responses
 * are parsed with the shared valibot schemas. An error becomes an ApiError whose message is the
 * catalogue text a person reads (spec §8); a 401 also tells the app the session is over.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** the fetch to use; tests pass one that calls the Hono app in process */
  fetch?: typeof fetch;
  /** origin of the API; default the page's own */
  origin?: string;
  /** the session token, when signed in */
  getToken?: () => string | null;
  /** called on any 401 of a call made with a token */
  onUnauthorized?: () => void;
}

interface CallOptions<T> {
  json?: unknown;
  schema: v.GenericSchema<unknown, T>;
  /** overrides the session token (the token being checked or revoked) */
  token?: string | null;
  /** the message for an error the catalogue does not know */
  fallback?: MessageKey;
  /** statuses whose body is an answer, not an error */
  accept?: number[];
}

export type Api = ReturnType<typeof createApi>;

export function createApi(options: ApiClientOptions = {}) {
  const origin = options.origin ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  const http: KyInstance = ky.create({
    prefixUrl: `${origin}/api/v1`,
    fetch: options.fetch,
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    headers: { 'Accept-Language': 'pt-BR' },
  });

  async function call<T>(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, o: CallOptions<T>): Promise<{ status: number; data: T }> {
    const token = o.token !== undefined ? o.token : options.getToken?.() ?? null;
    let response: Response;
    try {
      response = await http(path, {
        method,
        json: o.json,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      });
    } catch {
      throw new ApiError(messages['common.error.network'], 0, undefined);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok || o.accept?.includes(response.status)) {
      const parsed = v.safeParse(o.schema, body);
      if (!parsed.success) throw new ApiError(messages['common.error.generic'], response.status, undefined);
      return { status: response.status, data: parsed.output };
    }
    const errorBody = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : undefined;
    if (response.status === 401 && token) options.onUnauthorized?.();
    const fallback: MessageKey = response.status === 404 && errorBody?.code === undefined ? 'common.error.notFound' : o.fallback ?? 'common.error.generic';
    throw new ApiError(userMessageForError(errorBody, fallback), response.status, errorBody);
  }

  /** A multipart POST through XMLHttpRequest: the one browser API that reports upload progress over HTTP/1.1. */
  function postWithProgress(url: string, form: FormData, token: string | null, onProgress: (ratio: number) => void): Promise<Response> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.setRequestHeader('Accept-Language', 'pt-BR');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
      xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'Content-Type': 'application/json' } }));
      xhr.onerror = () => reject(new Error('network'));
      xhr.timeout = 120_000;
      xhr.ontimeout = () => reject(new Error('timeout'));
      xhr.send(form);
    });
  }

  /**
   * A multipart POST of one file (field `file`), reporting the share sent through `onProgress` (0..1):
   * in the browser through XMLHttpRequest; with a given fetch (tests) 0 then 1.
   */
  async function sendFile<T>(path: string, file: Blob, name: string, schema: v.GenericSchema<unknown, T>, fallback: MessageKey, onProgress?: (ratio: number) => void): Promise<T> {
    const token = options.getToken?.() ?? null;
    const form = new FormData();
    form.append('file', file, name);
    onProgress?.(0);
    let response: Response;
    try {
      response = !options.fetch && typeof XMLHttpRequest !== 'undefined'
        ? await postWithProgress(`${origin}/api/v1/${path}`, form, token, onProgress ?? (() => {}))
        : await http.post(path, { body: form, headers: token ? { Authorization: `Bearer ${token}` } : undefined });
    } catch {
      throw new ApiError(messages[fallback], 0, undefined);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new ApiError(messages[fallback], response.status, undefined);
      onProgress?.(1);
      return parsed.output;
    }
    const errorBody = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : undefined;
    if (response.status === 401 && token) options.onUnauthorized?.();
    throw new ApiError(userMessageForError(errorBody, fallback), response.status, errorBody);
  }

  return {
    /** GET /portal/customers/bills: the latest bill, holder flag and history */
    async getBills(): Promise<BillsResponse> {
      const { data } = await call('get', 'portal/customers/bills', { schema: BillsResponse });
      return data;
    },

    /** POST /portal/customers/bills?is_holder=: the bill file, with upload progress */
    async uploadBill(file: Blob, name: string, isHolder: boolean, onProgress?: (ratio: number) => void): Promise<BillValues> {
      return sendFile(`portal/customers/bills?is_holder=${isHolder ? 'true' : 'false'}`, file, name, BillValues, 'bill.upload.error', onProgress);
    },

    /** GET /portal/client-partnership/{id} */
    async getPartnership(clientId: number): Promise<v.InferOutput<typeof Partnership>> {
      const { data } = await call('get', `portal/client-partnership/${clientId}`, { schema: Partnership });
      return data;
    },

    /** POST /portal/client-partnership/{id}/emproyee-card (the path as the spec spells it) */
    async uploadEmployeeBadge(clientId: number, file: Blob, name: string, onProgress?: (ratio: number) => void): Promise<v.InferOutput<typeof Partnership>> {
      return sendFile(`portal/client-partnership/${clientId}/emproyee-card`, file, name, Partnership, 'partnership.badge.error', onProgress);
    },

    /** POST /portal/customers/plan-simulated */
    async simulatePlan(request: PlanSimulatedRequest): Promise<PlanSimulated> {
      const { data } = await call('post', 'portal/customers/plan-simulated', { json: request, schema: PlanSimulated });
      return data;
    },

    /** POST /portal/customers_success/create */
    async createCustomerSuccess(clientId: number): Promise<v.InferOutput<typeof CustomerSuccessCase>> {
      const { data } = await call('post', 'portal/customers_success/create', { json: { client_id: clientId }, schema: CustomerSuccessCase });
      return data;
    },

    /** Queue_sms: POST /queue/sms (first request with the bot-check payload, or a resend) */
    async requestCode(request: SmsQueueRequest): Promise<{ retryAfterS: number }> {
      const { data } = await call('post', 'queue/sms', { json: request, schema: SmsQueueResponse, token: null, fallback: 'common.error.phoneStep' });
      return { retryAfterS: data.retry_after_s };
    },

    /** POST /portal/login: a token, or (no account) the proof of the confirmed phone */
    async login(phone: string, code: string): Promise<{ token: string } | { phoneProof: string }> {
      const schema = v.union([LoginResponse, PhoneNotFoundBody]);
      const { data } = await call('post', 'portal/login', { json: { phone, code }, schema, token: null, accept: [404] });
      return 'access_token' in data ? { token: data.access_token } : { phoneProof: data.phone_proof };
    },

    /** POST /portal/confirm-number: an existing customer's token, or the proof for sign-up */
    async confirmNumber(phone: string, code: string): Promise<{ token: string } | { phoneProof: string }> {
      const { data } = await call('post', 'portal/confirm-number', { json: { phone, code }, schema: ConfirmNumberResponse, token: null });
      if (data.access_token) return { token: data.access_token };
      if (data.phone_proof) return { phoneProof: data.phone_proof };
      throw new ApiError(messages['common.error.generic'], 200, undefined);
    },

    /** POST /portal/customers/resend-login-code-by-email */
    async resendCodeByEmail(phone: string): Promise<void> {
      await call('post', 'portal/customers/resend-login-code-by-email', { json: { phone }, schema: SuccessResponse, token: null });
    },

    /** POST /portal/customers: personal or business sign-up */
    async signUp(payload: SignUpRequest): Promise<{ token: string }> {
      const { data } = await call('post', 'portal/customers', { json: payload, schema: SignUpResponse, token: null });
      return { token: data.access_token };
    },

    /** POST /portal/logout */
    async logout(token?: string): Promise<void> {
      await call('post', 'portal/logout', { schema: v.unknown(), token });
    },

    /** GET /portal/customers: the profile */
    async getCustomer(token?: string): Promise<CustomerProfile> {
      const { data } = await call('get', 'portal/customers', { schema: CustomerProfile, token });
      return data;
    },

    /** GET /portal/customers/steps */
    async getSteps(): Promise<MenuStep[]> {
      const { data } = await call('get', 'portal/customers/steps', { schema: StepsResponse });
      return data.data;
    },

    /** GET /portal/notifications: newest first */
    async getNotifications(): Promise<Notification[]> {
      const { data } = await call('get', 'portal/notifications', { schema: NotificationsResponse });
      return data.data;
    },

    /** PATCH /portal/notifications/{id} {status: 'READ'} */
    async markNotificationRead(id: number): Promise<Notification> {
      const { data } = await call('patch', `portal/notifications/${id}`, { json: { status: 'READ' }, schema: NotificationSchema, fallback: 'notifications.read.error' });
      return data;
    },

    /** GET portal/customers/{id}/proposal: the customer's proposals, oldest first */
    async getProposals(customerId: number): Promise<Proposal[]> {
      const { data } = await call('get', `portal/customers/${customerId}/proposal`, { schema: ProposalsResponse, fallback: 'proposal.load.error' });
      return data.data;
    },

    /** PUT admin/customers/{id}/approve/proposal with the customer's own token (ARCHITECTURE) */
    async approveInitialProposal(customerId: number): Promise<MenuStep[]> {
      const { data } = await call('put', `admin/customers/${customerId}/approve/proposal`, { schema: ApprovalResponse, fallback: 'proposal.approve.error' });
      return data.data;
    },

    /** PUT portal/customers/approve/proposal_final, with the payment type the screen stored */
    async approveFinalProposal(paymentType: PaymentType): Promise<MenuStep[]> {
      const { data } = await call('put', 'portal/customers/approve/proposal_final', { json: { payment_type: paymentType }, schema: ApprovalResponse, fallback: 'proposal.approve.error' });
      return data.data;
    },

    /** GET the proposal's PDF (its pdf_link, same origin, with the session token) as a Blob */
    async downloadProposalPdf(link: string): Promise<Blob> {
      const token = options.getToken?.() ?? null;
      let response: Response;
      try {
        response = await ky.get(new URL(link, `${origin}/`).toString(), {
          fetch: options.fetch,
          throwHttpErrors: false,
          retry: 0,
          timeout: 60_000,
          headers: { 'Accept-Language': 'pt-BR', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        });
      } catch {
        throw new ApiError(messages['proposal.download.error'], 0, undefined);
      }
      if (response.status === 401 && token) options.onUnauthorized?.();
      if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('application/pdf')) {
        throw new ApiError(messages['proposal.download.error'], response.status, undefined);
      }
      return response.blob();
    },

    /** GET /portal/cities/{state} */
    async getCities(state: string): Promise<City[]> {
      const { data } = await call('get', `portal/cities/${encodeURIComponent(state)}`, { schema: CitiesResponse, token: null });
      return data.data;
    },

    /** GET /portal/customers/scheduling: the customer's technical visit, or null with the one cancelled last */
    async getVisit(): Promise<{ visit: Visit | null; cancelled: CancelledVisit | null }> {
      const { data } = await call('get', 'portal/customers/scheduling', { schema: VisitResponse, fallback: 'visit.load.error' });
      return { visit: data.data, cancelled: data.cancelled };
    },

    /** GET /portal/config-calendar: the days the company blocked ('YYYY-MM-DD') */
    async getBlockedDays(): Promise<string[]> {
      const { data } = await call('get', 'portal/config-calendar', { schema: CalendarConfigResponse });
      return data.data;
    },

    /** POST /portal/customers/scheduling */
    async bookVisit(request: VisitRequest): Promise<Visit> {
      const { data } = await call('post', 'portal/customers/scheduling', { json: request, schema: VisitCreated, fallback: 'visit.book.error' });
      return data.data;
    },

    /** PUT /portal/customers/scheduling/{id}: another day, slot or address */
    async rescheduleVisit(id: number, request: VisitRequest): Promise<Visit> {
      const { data } = await call('put', `portal/customers/scheduling/${id}`, { json: request, schema: VisitCreated, fallback: 'visit.reschedule.error' });
      return data.data;
    },

    /** DELETE /portal/customers/scheduling/{id} */
    async cancelVisit(id: number): Promise<void> {
      await call('delete', `portal/customers/scheduling/${id}`, { schema: VisitResponse, fallback: 'visit.cancel.error' });
    },

    /** GET /portal/cep/{cep}: the address of a CEP (404 unknown, 503 no provider answered) */
    async lookupCep(cep: string): Promise<CepResult> {
      const { data } = await call('get', `portal/cep/${encodeURIComponent(cep)}`, { schema: CepResult, fallback: 'cep.unavailable' });
      return data;
    },

    /** where the bot-check widget fetches its challenge */
    botCheckChallengeUrl: `${origin}/api/v1/altcha/challenge`,
  };
}

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.body?.code === ErrorCode.UNAUTHORIZED);
