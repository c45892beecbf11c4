import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { API_PREFIX, apiPath, fillPath, type BodyOf, type Endpoint, type ParamsOption, type ResponseOf, type SuccessStatus } from '#shared/endpoint';
import { ErrorCode, userMessageForError, type ApiErrorBody } from '#shared/errors';
import { messages, type MessageKey } from '#shared/messages';

/**
 * How the browser reaches the API (spec §7): under /api/v1 on the same origin, `Authorization:
 * Bearer` when signed in and `Accept-Language: pt-BR` on every request. A call names its shared
 * endpoint descriptor: the path comes from it with the parameters filled in, the answer is parsed
 * with the descriptor's schema for its status. An error becomes an CallError whose message is the
 * catalogue text a person reads (spec §8); a 401 also tells the app the session is over.
 */

export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof CallError && (error.status === 401 || error.body?.code === ErrorCode.UNAUTHORIZED);

export interface ApiClientOptions {
  /** the fetch to use; tests pass one that calls the Hono app in process */
  fetch?: typeof fetch;
  /** origin of the API; default the page's own */
  origin?: string;
  /** the session token, when signed in */
  getToken?: () => string | null;
  /** called on any 401 of a call made with a token */
  onUnauthorized?: () => void;
  /**
   * Asked before a call that needs the session and is made with the session's token (not one given
   * to the call): true sends it now; while the session is closing (logout), a promise that resolves
   * true when it survived (the call is sent then) or false when it ended (the call is never sent:
   * the page that asked is leaving, and a call without a session could only answer 401).
   */
  sessionGate?: () => boolean | Promise<boolean>;
  /** the answer to this call made before the client loaded (the page's early start), taken once; undefined when there is none */
  earlyResponse?: (endpoint: Endpoint, token: string | null) => Promise<Response | null> | undefined;
}

interface Common {
  /** query parameters, in the descriptor's names */
  query?: Record<string, string>;
  /** the message for an error the catalogue does not know */
  fallback?: MessageKey;
}

export type CallOptions<E extends Endpoint, A extends number> = Common & ParamsOption<E['path']> & {
  json?: BodyOf<E>;
  /** overrides the session token (the token being checked or revoked) */
  token?: string | null;
  /** statuses whose body is an answer, not an error (parsed with the descriptor's schema for them) */
  accept?: readonly A[];
};

export type FileOptions<E extends Endpoint> = Common & ParamsOption<E['path']> & (
  /** one file, in the descriptor's file field */
  | { file: Blob; name: string; files?: never }
  /** several files, each in its own field (a document's front and back) */
  | { files: readonly { field: string; file: Blob; name: string }[]; file?: never; name?: never }
) & {
  fallback: MessageKey;
  /** the share sent so far, 0..1 */
  onProgress?: (ratio: number) => void;
};

export interface Transport {
  /** resolves once no call made with a session token is waiting for its answer (the logout waits for them) */
  idle(): Promise<void>;
  /** the full URL of a call without parameters (a widget fetches it itself) */
  url(endpoint: Endpoint): string;
  call<E extends Endpoint, A extends number = never>(endpoint: E, options: CallOptions<E, A>): Promise<{ status: number; data: ResponseOf<E, SuccessStatus | A> }>;
  /** a multipart POST of one file in the descriptor's file field, or of several in their own fields */
  sendFile<E extends Endpoint>(endpoint: E, options: FileOptions<E>): Promise<ResponseOf<E>>;
  /** a file the server links to (same origin, with the session token), as a Blob of the given type */
  download(link: string, type: string, failure: MessageKey): Promise<Blob>;
}

/** The schema for an answer's status; a success the descriptor does not list reads with its first success's. */
function schemaFor(endpoint: Endpoint, status: number): v.GenericSchema {
  const exact = endpoint.responses[status]?.schema;
  if (exact) return exact;
  const success = Object.entries(endpoint.responses).find(([s, r]) => Number(s) >= 200 && Number(s) < 300 && r.schema)?.[1].schema;
  return status >= 200 && status < 300 && success ? success : v.unknown();
}

const relative = (endpoint: Endpoint, params: Record<string, string | number> | undefined, query: Record<string, string> | undefined): string => {
  const path = fillPath(endpoint.path, (params ?? {}) as never).slice(1);
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
};

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

/** A call that is never made: its page is leaving with the session, and nothing waits for the answer. */
const neverSent = <T>(): Promise<T> => new Promise<T>(() => {});

const needsSession = (endpoint: Endpoint): boolean => endpoint.auth === 'customer' || endpoint.auth === 'either';

export function createTransport(options: ApiClientOptions = {}): Transport {
  const origin = options.origin ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  // the calls made with a session token and not answered yet, and who waits for none to be left
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const tracked = async <T>(token: string | null, send: () => Promise<T>): Promise<T> => {
    if (!token) return send();
    inFlight++;
    try {
      return await send();
    } finally {
      inFlight--;
      if (inFlight === 0) { const waiting = idleWaiters; idleWaiters = []; waiting.forEach((resolve) => resolve()); }
    }
  };
  /** false: the call must not go out (the session ended while it waited, or there is none for a call that needs one) */
  const admitted = async (sessionCall: boolean): Promise<boolean> => {
    if (!sessionCall) return true;
    const gate = options.sessionGate?.() ?? true;
    if (!(gate === true || await gate)) return false;
    return Boolean(options.getToken?.());
  };
  const http: KyInstance = ky.create({
    prefix: `${origin}${API_PREFIX}`,
    fetch: options.fetch,
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    headers: { 'Accept-Language': 'pt-BR' },
  });

  const errorOf = (response: Response, body: unknown, token: string | null, fallback: MessageKey): CallError => {
    const errorBody = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : undefined;
    if (response.status === 401 && token) options.onUnauthorized?.();
    return new CallError(userMessageForError(errorBody, fallback), response.status, errorBody);
  };

  return {
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => { idleWaiters.push(resolve); })),

    url: (endpoint) => `${origin}${apiPath(endpoint)}`,

    async call(endpoint, o) {
      if (o.token === undefined && !(await admitted(needsSession(endpoint)))) return neverSent();
      const token = o.token !== undefined ? o.token : options.getToken?.() ?? null;
      let response: Response;
      try {
        const early = o.json === undefined && !o.query ? options.earlyResponse?.(endpoint, token) : undefined;
        response = await tracked(token, async () => (early && await early) || http(relative(endpoint, o.params, o.query), {
          method: endpoint.method,
          json: o.json,
          headers: token ? { Authorization: `Bearer ${token}` } : undefined,
        }));
      } catch {
        throw new CallError(messages['common.error.network'], 0, undefined);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok || (o.accept as readonly number[] | undefined)?.includes(response.status)) {
        const parsed = v.safeParse(schemaFor(endpoint, response.status), body);
        if (!parsed.success) throw new CallError(messages['common.error.generic'], response.status, undefined);
        return { status: response.status, data: parsed.output as never };
      }
      const notFound = response.status === 404 && (body as Partial<ApiErrorBody> | undefined)?.code === undefined;
      throw errorOf(response, body, token, notFound ? 'common.error.notFound' : o.fallback ?? 'common.error.generic');
    },

    /** In the browser through XMLHttpRequest (progress as it goes); with a given fetch (tests) 0 then 1. */
    async sendFile(endpoint, o) {
      if (!(await admitted(needsSession(endpoint)))) return neverSent();
      const token = options.getToken?.() ?? null;
      const path = relative(endpoint, o.params, o.query);
      const form = new FormData();
      for (const part of o.files ?? [{ field: endpoint.multipart?.field ?? 'file', file: o.file, name: o.name }]) form.append(part.field, part.file, part.name);
      o.onProgress?.(0);
      let response: Response;
      try {
        response = await tracked(token, () => (!options.fetch && typeof XMLHttpRequest !== 'undefined'
          ? postWithProgress(`${origin}${API_PREFIX}/${path}`, form, token, o.onProgress ?? (() => {}))
          : http.post(path, { body: form, headers: token ? { Authorization: `Bearer ${token}` } : undefined })));
      } catch {
        throw new CallError(messages[o.fallback], 0, undefined);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok) {
        const parsed = v.safeParse(schemaFor(endpoint, response.status), body);
        if (!parsed.success) throw new CallError(messages[o.fallback], response.status, undefined);
        o.onProgress?.(1);
        return parsed.output as never;
      }
      throw errorOf(response, body, token, o.fallback);
    },

    async download(link, type, failure) {
      // the server's file links are the session's
      if (!(await admitted(true))) return neverSent();
      const token = options.getToken?.() ?? null;
      let response: Response;
      try {
        response = await tracked(token, () => ky.get(new URL(link, `${origin}/`).toString(), {
          fetch: options.fetch,
          throwHttpErrors: false,
          retry: 0,
          timeout: 60_000,
          headers: { 'Accept-Language': 'pt-BR', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        }));
      } catch {
        throw new CallError(messages[failure], 0, undefined);
      }
      if (response.status === 401 && token) options.onUnauthorized?.();
      if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith(type)) {
        throw new CallError(messages[failure], response.status, undefined);
      }
      return response.blob();
    },
  };
}
