import { definePathModel, sample } from './engine';
import { contractMachine, type ContractContext, type ContractPageData } from '../../machines/contract/contractMachine';
import type { ContractItem, ContractsResponse } from '#shared/contract/payloads';
import { apiErrors } from './samples';

/**
 * Path model of the contracts page (spec §4 "Signing", "Terms of use", "'Acompanhe sua
 * instalação'"): no contracts yet; the adhesion term and the power of attorney pending; the
 * adhesion term signed; both signed (terms open); all done with and without a customer-success
 * case; a unified contract. The frame's message, 'Sair', the server's re-check, the terms scrolled
 * or not, and the follow-up answered or failing.
 */
const contract = (type: ContractItem['type'], signed: boolean, id: string): ContractItem => ({
  id, type, name: type === 'POWER_OF_ATTORNEY' ? 'Procuração Técnica' : 'Termo de Adesão', key: `key-${id}-0123456789abcdef`,
  url: `/sign/key-${id}?embedded=true&origin=http%3A%2F%2Fportal.test`, is_client_signed: signed, signed_at: signed ? '2026-11-25T10:00:00.000Z' : null,
  file_url: `/api/v1/portal/customers/contracts/${id}/file`,
});
const ADHESION = '11111111-1111-4111-8111-111111111111';
const PROCURATION = '22222222-2222-4222-8222-222222222222';
const page = (contracts: ContractItem[], accepted = false, hasCustomerSuccess = false): ContractPageData => ({
  customerId: 7, hasCustomerSuccess, contracts, termsAcceptedAt: accepted ? '2026-11-25T10:05:00.000Z' : null,
  termsContractId: contracts.length ? contracts[0]!.id : null, frameOrigin: 'http://portal.test',
});
const pair = (a: boolean, p: boolean) => [contract('ADHESION_TERM', a, ADHESION), contract('POWER_OF_ATTORNEY', p, PROCURATION)];
const accepted: ContractsResponse = {
  contracts: pair(true, true), terms_of_use: { contract_id: ADHESION, accepted_at: '2026-11-25T10:05:00.000Z' }, frame_origin: 'http://portal.test',
};

export const contractPaths = definePathModel({
  name: 'contract',
  machine: contractMachine,
  events: {
    'contract.open': [sample('adhesion', { type: 'contract.open', contractId: ADHESION }), sample('procuration', { type: 'contract.open', contractId: PROCURATION })],
  },
  actors: {
    loadContracts: {
      done: [
        sample('none', page([])),
        sample('pending', page(pair(false, false))),
        sample('adhesionSigned', page(pair(true, false))),
        sample('bothSigned', page(pair(true, true))),
        sample('allDone', page(pair(true, true), true)),
        sample('allDoneFollowed', page(pair(true, true), true, true)),
        sample('unified', page([contract('CONTRACT_UNIFIED', false, ADHESION)])),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    checkSigner: { done: [sample('signed', true), sample('notSigned', false)], error: [sample('offline', apiErrors.offline)] },
    acceptTerms: { done: [sample('accepted', accepted)], error: [sample('offline', apiErrors.offline)] },
    openFollowUp: { done: [sample('opened', {})], error: [sample('offline', apiErrors.offline)] },
  },
  context: (c: ContractContext) => ({
    contracts: c.data?.contracts.map((x) => `${x.type}:${x.is_client_signed}`) ?? null, terms: c.data?.termsAcceptedAt !== null && c.data !== null,
    followUp: c.data?.hasCustomerSuccess ?? null, openId: c.openId, termsRead: c.termsRead, error: c.error,
  }),
  checks: {
    'contract.framing': (s) => ((s.context as ContractContext).openId ? undefined : 'a frame without a contract'),
  },
});
