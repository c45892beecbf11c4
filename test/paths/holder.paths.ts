import { definePathModel, sample } from './engine';
import { holderMachine, type HolderContext, type HolderPageData } from '../../machines/holder/holderMachine';
import type { ConsumerSubmission } from '#shared/contract/payloads';
import { apiErrors } from './samples';

/**
 * Path model of the holder data and the contracts' generation (spec §4 "Consumer data save", §5
 * holder form): the bill's holder, someone else's bill, a company's representative, and a customer
 * whose contracts are already generated; saving and generating answered or failing.
 */
const page = (form: HolderPageData['form'], generated = false): HolderPageData => ({ form, initial: {}, generated });
const holder: ConsumerSubmission = { consumer: { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' }, legitimate: null };
const identity = { name: 'Maria Representante', document_value: '52998224725', email: 'rep@empresa.com.br', phone: '11987654321' };
const company: ConsumerSubmission = { consumer: { ...identity, ...holder.consumer }, legitimate: identity };

export const holderPaths = definePathModel({
  name: 'holder',
  machine: holderMachine,
  events: {
    'consumer.submit': [sample('holder', { type: 'consumer.submit', submission: holder }), sample('company', { type: 'consumer.submit', submission: company })],
  },
  actors: {
    loadConsumer: {
      done: [sample('holder', page('holder')), sample('otherBill', page('other')), sample('company', page('company')), sample('generated', page('holder', true))],
      error: [sample('offline', apiErrors.offline)],
    },
    saveConsumer: { done: [sample('saved', {})], error: [sample('offline', apiErrors.offline)] },
    createContracts: { done: [sample('generated', {})], error: [sample('offline', apiErrors.offline)] },
  },
  context: (c: HolderContext) => ({ form: c.data?.form ?? null, generated: c.data?.generated ?? null, company: c.submission?.legitimate !== null && c.submission !== null, error: c.error }),
  checks: {
    'holder.saving': (s) => ((s.context as HolderContext).submission ? undefined : 'saving without a submission'),
  },
});
