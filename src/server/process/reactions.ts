import type { ProcessReactions } from './host';
import { noticeText, notify } from '../notification/service';
import { emailOfNotice } from '../notification/emails';
import { hasInitialProposal, prepareInitialProposal } from '../proposal/service';
import { audit } from '../staff/audit';

/**
 * The process's reactions, performed by the services that own them. Only composition roots
 * (main.ts, the CLIs, the test server) import this file and hand it to the services as
 * `deps.reactions`; the host itself imports none of them, so there is no cycle between the host
 * and the services that move a process.
 */
export const processReactions: ProcessReactions = {
  notify: async (tx, clock, customerId, notice, values) => {
    await notify(tx, clock, customerId, noticeText(notice, values), emailOfNotice(notice, values));
  },
  prepareInitialProposal,
  hasInitialProposal,
  audit,
};
