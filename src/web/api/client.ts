import { authCalls } from './auth';
import { billCalls } from './bill';
import { checkoutCalls } from './checkout';
import { contractCalls } from './contract';
import { documentCalls } from './document';
import { faqCalls } from './faq';
import { coverageCalls } from './coverage';
import { customerCalls } from './customer';
import { notificationCalls } from './notification';
import { paymentCalls } from './payment';
import { planCalls } from './plan';
import { processCalls } from './process';
import { profileCalls } from './profile';
import { projectCalls } from './project';
import { proposalCalls } from './proposal';
import { createTransport, type ApiClientOptions } from './transport';
import type { SignUpRequest } from '#shared/auth/payloads';
import { readAttribution } from '../journey/session';
import { visitCalls } from './visit';

export { CallError, isUnauthorized, type ApiClientOptions } from './transport';

/**
 * The browser's API client (spec §7): one function per call, each over its shared endpoint
 * descriptor (src/shared/<domain>/endpoints.ts) through the one transport. Loaded on first use: a
 * visitor on the landing page never downloads it, nor the descriptors' schemas.
 */
export function createApi(options: ApiClientOptions = {}) {
  const t = createTransport(options);
  const customer = customerCalls(t);
  return {
    ...authCalls(t), ...customer, ...profileCalls(t), ...processCalls(t), ...coverageCalls(t), ...billCalls(t), ...notificationCalls(t),
    ...planCalls(t), ...checkoutCalls(t), ...documentCalls(t), ...contractCalls(t), ...paymentCalls(t), ...projectCalls(t), ...faqCalls(t), ...proposalCalls(t), ...visitCalls(t),
    /** resolves once every call made with the session has its answer */
    idle: () => t.idle(),
    /** POST /portal/customers, with the marketing-attribution cookie's content when there is one (spec §3) */
    signUp: async (payload: SignUpRequest) => {
      const attribution = payload.attribution ?? await readAttribution();
      return customer.signUp(attribution ? { ...payload, attribution } : payload);
    },
  };
}

export type Api = ReturnType<typeof createApi>;
