import { definePathModel, sample } from './engine';
import { billMachine, billNotReceived, type BillContext, type BillPageData, type PickedFile } from '../../machines/bill/billMachine';
import type { BillsResponse, BillValues } from '#shared/bill/payloads';
import type { PlanSimulated } from '#shared/plan/payloads';
import { BILL_REUPLOAD_JUSTIFICATION, MAX_UPLOAD_BYTES } from '#shared/bill/rules';
import { apiErrors, partnershipCustomer, subscriptionCustomer, unservedRegionCustomer } from './samples';

/**
 * Path model of the bill page (spec §2 "Bill page", §4, §5): who opens it (a new customer who has
 * not simulated yet, one ready to send the bill, a partnership employee, an unserved region, a bill
 * in analysis, an approved bill), the files they choose, and what the server answers.
 */

type Customer = typeof subscriptionCustomer;
const pageCustomer = (c: Customer, simulation: 'APPROVED' | 'NOT_DONE'): BillPageData['customer'] => ({
  id: c.id, franchisee_id: c.franchisee_id, has_partnership: c.has_partnership, bill_value: c.bill_value,
  steps: [{ client_id: c.id, type: 'SIMULATION', status: simulation }, { client_id: c.id, type: 'BILL', status: 'NOT_DONE' }],
});

const billValues = (status: BillValues['status'], over: Partial<BillValues> = {}): BillValues => ({
  id: 31, status, consumer_class: 'B1', value: 350, consumption: 280, consumption_history_kwh_values: { average: 275 },
  power_pattern: 'BIFASICO', justification_disapproved: null, is_holder: true, upload_available: false, ...over,
});
const bills = (values: BillValues | null): BillsResponse => ({
  id: values ? 7 : null, holder: values ? true : null, billValues: values, billInfo: [],
  upload_available: values === null || values.upload_available,
});

const noBill = bills(null);
const inAnalysis = bills(billValues('PENDING'));
const approved = bills(billValues('APPROVED'));
const illegible = bills(billValues('DISAPPROVED', { justification_disapproved: BILL_REUPLOAD_JUSTIFICATION, upload_available: true }));
/** the assistant handed the bill to a person (a photo it could not read): their decision comes later */
const waitingForStaff = bills(billValues('WAITING'));

const simulation = (isFit: boolean): PlanSimulated => ({
  id: 12, plan: { type: 'MAX', name: 'Plano MAX' }, deadline_type: 'MAX', deadline_years: 20, free_months: 0, price: 289.9,
  is_fit: isFit, annual_savings: 720, annual_production: 3400, total_potential: 14_400, economy_per_month: 60,
  reduction_percent: 17, new_bill: 290, old_bill: 350,
} as PlanSimulated);

const file = (name: string, size: number, type: string): PickedFile => ({ name, size, type });

export const billPaths = definePathModel({
  name: 'bill',
  machine: billMachine,
  events: {
    'holder.change': [
      sample('holder', { type: 'holder.change', isHolder: true }),
      sample('notHolder', { type: 'holder.change', isHolder: false }),
    ],
    'bill.choose': [
      sample('billPdf', { type: 'bill.choose', file: file('conta-de-luz-marco.pdf', 480_000, 'application/pdf') }),
      sample('billTooLarge', { type: 'bill.choose', file: file('conta.png', MAX_UPLOAD_BYTES + 1, 'image/png') }),
      sample('spreadsheet', { type: 'bill.choose', file: file('conta.xlsx', 20_000, 'application/vnd.ms-excel') }),
    ],
    'badge.choose': [
      sample('badgePhoto', { type: 'badge.choose', file: file('cracha.jpg', 90_000, 'image/jpeg') }),
      sample('emptyBadge', { type: 'badge.choose', file: file('cracha.jpg', 0, 'image/jpeg') }),
    ],
    'upload.progress': [sample('halfway', { type: 'upload.progress', ratio: 0.5 })],
    'upload.failed': [
      sample('serverRefused', { type: 'upload.failed', message: 'bill.upload.error' as const }),
      sample('textFileNamedPdf', { type: 'upload.failed', message: 'upload.file.unsupported' as const, refused: 'bill' as const }),
    ],
  },
  actors: {
    loadBillPage: {
      done: [
        sample('notSimulatedYet', { customer: pageCustomer(subscriptionCustomer, 'NOT_DONE'), bills: noBill, badgeSent: false }),
        sample('readyForBill', { customer: pageCustomer(subscriptionCustomer, 'APPROVED'), bills: noBill, badgeSent: false }),
        sample('partnershipCustomer', { customer: pageCustomer(partnershipCustomer, 'APPROVED'), bills: noBill, badgeSent: false }),
        sample('unservedRegion', { customer: pageCustomer(unservedRegionCustomer, 'APPROVED'), bills: noBill, badgeSent: false }),
        sample('billInAnalysis', { customer: pageCustomer(subscriptionCustomer, 'APPROVED'), bills: inAnalysis, badgeSent: false }),
        sample('billApproved', { customer: pageCustomer(subscriptionCustomer, 'APPROVED'), bills: approved, badgeSent: false }),
        sample('billWaitingForStaff', { customer: pageCustomer(subscriptionCustomer, 'APPROVED'), bills: waitingForStaff, badgeSent: false }),
        // staff confirmed the partnership after the bill was approved: the badge is still to come
        sample('partnershipAfterBill', { customer: pageCustomer(partnershipCustomer, 'APPROVED'), bills: approved, badgeSent: false }),
      ],
      // the customer loaded, the bill did not (spec §8 'Erro ao receber arquivo!')
      error: [sample('offline', apiErrors.offline), sample('billNotReceived', billNotReceived(apiErrors.offline))],
    },
    requestSimulation: {
      done: [sample('fits', simulation(true)), sample('doesNotFit', simulation(false))],
      error: [sample('offline', apiErrors.offline)],
    },
    createCustomerSuccess: { done: [sample('followUpOpened', { id: 3 })], error: [sample('offline', apiErrors.offline)] },
    uploadBadge: { done: [sample('badgeStored', { id: 7, has_partnership: true })], error: [sample('offline', { messageKey: 'partnership.badge.error' })] },
    loadBills: {
      done: [sample('stillInAnalysis', inAnalysis), sample('approved', approved), sample('illegible', illegible), sample('stillWaitingForStaff', waitingForStaff)],
      error: [sample('offline', apiErrors.offline)],
    },
  },
  // What steers the page: which page data (by what its guards read), whether holder, bill and
  // badge are chosen, and whether the simulation was asked for. Progress and messages only show.
  context: (c: BillContext) => ({
    data: c.data && {
      franchisee: c.data.customer.franchisee_id,
      partnership: c.data.customer.has_partnership,
      simulation: c.data.customer.steps.find((s) => s.type === 'SIMULATION')?.status,
      bill: c.data.bills.billValues?.status ?? null,
      uploadAvailable: c.data.bills.upload_available,
      badgeSent: c.data.badgeSent,
    },
    holder: c.holder !== null,
    bill: c.bill !== null,
    badge: c.badge !== null,
    simulationRequested: c.simulationRequested,
  }),
  checks: {
    uploading: (s) => (s.context.bill && s.context.holder !== null ? undefined : 'sending without a bill file or holder answer'),
    simulating: (s) => (s.context.simulationRequested ? undefined : 'simulating without marking it asked'),
  },
});
