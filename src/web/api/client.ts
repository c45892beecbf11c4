import { authCalls } from './auth';
import { billCalls } from './bill';
import { coverageCalls } from './coverage';
import { customerCalls } from './customer';
import { notificationCalls } from './notification';
import { planCalls } from './plan';
import { processCalls } from './process';
import { projectCalls } from './project';
import { proposalCalls } from './proposal';
import { createTransport, type ApiClientOptions } from './transport';
import { visitCalls } from './visit';

export { ApiError, isUnauthorized, type ApiClientOptions } from './transport';

/**
 * The browser's API client (spec §7): one function per call, each over its shared endpoint
 * descriptor (src/shared/<domain>/endpoints.ts) through the one transport. Loaded on first use: a
 * visitor on the landing page never downloads it, nor the descriptors' schemas.
 */
export function createApi(options: ApiClientOptions = {}) {
  const t = createTransport(options);
  return {
    ...authCalls(t), ...customerCalls(t), ...processCalls(t), ...coverageCalls(t), ...billCalls(t), ...notificationCalls(t),
    ...planCalls(t), ...projectCalls(t), ...proposalCalls(t), ...visitCalls(t),
  };
}

export type Api = ReturnType<typeof createApi>;
