import type { CustomerProfile } from '#shared/customer/payloads';
import type { MenuStep, StepStatus, StepType } from '../../src/shared/steps';

/**
 * Named sample data the path models draw their events from: the people of the spec (§1, §6), so a
 * failing path reads as a story ("the lending customer's login"). Values are made up but valid.
 */

const steps = (clientId: number, list: [StepType, StepStatus][]): MenuStep[] =>
  list.map(([type, status]) => ({ client_id: clientId, type, status }));

const profile = (over: Partial<CustomerProfile> & Pick<CustomerProfile, 'id' | 'name' | 'phone'>): CustomerProfile => ({
  email: `${over.name.split(' ')[0]!.toLowerCase()}@example.com.br`,
  franchisee_id: 'franq-sp-01',
  customer_success_id: null,
  subscription_lending: 'SUBSCRIPTION',
  type: 'CPF',
  document_value: null,
  unit_type: 'RESIDENCIAL',
  bill_id: null,
  bill_value: 350,
  bill: null,
  state: 'SP',
  city: 3550308,
  city_name: 'São Paulo',
  coupon: null,
  has_partnership: false,
  payment_type: null,
  selected_client_plan: null,
  documents: [],
  contracts: [],
  steps: steps(over.id, [['SIMULATION', 'APPROVED'], ['BILL', 'NOT_DONE']]),
  customer_success: null,
  ...over,
});

/** A new household on the subscription path: the bill is the open step. */
export const subscriptionCustomer = profile({ id: 101, name: 'Ana Souza', phone: '5511987654321' });

/** A household buying the system (cash or financing), at the final proposal. */
export const lendingCustomer = profile({
  id: 102, name: 'Bruno Lima', phone: '5521998765432', subscription_lending: 'LENDING', payment_type: 'FINANCING',
  state: 'RJ', city: 3304557, city_name: 'Rio de Janeiro',
  steps: steps(102, [['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', 'APPROVED'],
    ['TECHNICAL_VISIT', 'APPROVED'], ['PROPOSAL_FINAL', 'PENDING']]),
});

/** A company (CNPJ) with a legal representative, choosing its plan. */
export const companyCustomer = profile({
  id: 103, name: 'Padaria Sol Nascente Ltda', phone: '5531987651234', type: 'CNPJ', document_value: '11222333000181',
  unit_type: 'EMPRESA', state: 'MG', city: 3106200, city_name: 'Belo Horizonte',
  steps: steps(103, [['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', 'APPROVED'],
    ['TECHNICAL_VISIT', 'APPROVED'], ['SIGNATURE', 'NOT_DONE']]),
});

/** A customer whose city no franchisee serves. */
export const unservedRegionCustomer = profile({
  id: 104, name: 'Carla Pereira', phone: '5569981234567', franchisee_id: null, state: 'RO', city: 1100205, city_name: 'Porto Velho',
});

/** An employee of a partner company: two free monthly fees, badge required on the bill page. */
export const partnershipCustomer = profile({ id: 105, name: 'Diego Alves', phone: '5541991234567', has_partnership: true, coupon: 'PARCEIRO' });

/** A customer followed by customer success after installation. */
export const projectStatusCustomer = profile({
  id: 106, name: 'Elisa Martins', phone: '5548999887766', customer_success_id: 7,
  customer_success: { id: 7, status: 'IN_PROGRESS', upload_available: true },
  steps: steps(106, [['SIMULATION', 'APPROVED'], ['BILL', 'APPROVED'], ['PROPOSAL_INITIAL', 'APPROVED'],
    ['TECHNICAL_VISIT', 'APPROVED'], ['SIGNATURE', 'APPROVED'], ['CHECKOUT', 'APPROVED'], ['CONTRACT', 'APPROVED'],
    ['INSTALATION', 'APPROVED']]),
});

/** A customer whose current step is `step` (earlier steps approved), for the landing table of spec §2. */
export function customerAt(id: number, name: string, kind: 'SUBSCRIPTION' | 'LENDING', step: StepType, status: StepStatus = 'PENDING'): CustomerProfile {
  const order: StepType[] = kind === 'LENDING'
    ? ['SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT', 'PROPOSAL_FINAL', 'CONTRACT', 'SUPPLY', 'INSTALATION']
    : ['SIMULATION', 'BILL', 'PROPOSAL_INITIAL', 'TECHNICAL_VISIT', 'SIGNATURE', 'CHECKOUT', 'CONTRACT', 'INSTALATION'];
  const upTo = order.slice(0, order.indexOf(step) + 1);
  return profile({
    id, name, phone: `55119${String(id).padStart(8, '0')}`, subscription_lending: kind,
    steps: steps(id, upTo.map((t): [StepType, StepStatus] => [t, t === step ? status : 'APPROVED'])),
  });
}

/** Somebody whose phone has no account yet. */
export const newVisitorPhone = { countryCode: '55', cellPhone: '11912345678', phone: '5511912345678' };

/** A solved bot check as the ALTCHA widget posts it (the machine only checks that one is there). */
export const solvedBotCheck = 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=';

/** Errors as src/web/api turns HTTP failures into them (message from the catalogue, HTTP status). */
export const apiErrors = {
  unauthorized: Object.assign(new Error('Não autorizado'), { status: 401 }),
  wrongCode: Object.assign(new Error('Código de acesso inválido'), { status: 422, code: 3000 }),
  rateLimited: Object.assign(new Error('Aguarde para pedir um novo código.'), { status: 429, retry_after_s: 30 }),
  offline: Object.assign(new Error('Algo deu errado. Tente novamente!'), { status: 0 }),
  emailInUse: Object.assign(new Error('Esse email já está associado a outra conta.'), { status: 422, code: 1005 }),
} as const;
