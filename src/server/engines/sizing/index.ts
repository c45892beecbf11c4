export { sizeSolarSystem, annuityPayment } from './engine';
export type { SizingInput, SizingResult, PlanSimulation, BillLine, BillLineKey } from './engine';
export { PLAN_LEVELS, PLAN_LEVEL_BY_TYPE, PLAN_TERMS, fioBShareOfYear, MINIMUM_AVAILABILITY_KWH, DEFAULT_CONNECTION } from './constants';
export type { ConnectionType, PlanLevel } from './constants';
export { UFS, isUf, NATIONAL } from './sources';
export type { Uf, Place, Sourced } from './sources';
export { initialProposalFromSizing, chooseInverters } from './proposalDraft';
export type { InitialProposalDraft } from './proposalDraft';
