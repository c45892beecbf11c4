import type { AnyStateMachine } from 'xstate';
import { SCREEN_KEYS, type ScreenKey } from '#shared/routes';
import { authMachine } from './auth/authMachine';
import { billMachine } from './bill/billMachine';
import { checkoutMachine } from './checkout/checkoutMachine';
import { holderMachine } from './holder/holderMachine';
import { documentMachine } from './document/documentMachine';
import { paymentMachine } from './payment/paymentMachine';
import { journeyMachine } from './journey/journeyMachine';
import { notificationMachine } from './notification/notificationMachine';
import { planMachine } from './plan/planMachine';
import { processMachine } from './process/processMachine';
import { profileMachine } from './profile/profileMachine';
import { projectMachine } from './project/projectMachine';
import { contractMachine } from './contract/contractMachine';
import { proposalMachine } from './proposal/proposalMachine';
import { visitMachine } from './visit/visitMachine';
import { staffMachine } from './staff/staffMachine';

/**
 * The registry of every machine in machines/: `npm run diagrams` draws each one into
 * docs/statecharts/ and `npm run test:paths` walks each one's paths. A machine that is not listed
 * here has neither, so a new machine is added here in the same commit that creates it.
 */
export { authMachine, billMachine, checkoutMachine, holderMachine, documentMachine, paymentMachine, contractMachine, journeyMachine, notificationMachine, planMachine, processMachine, profileMachine, projectMachine, proposalMachine, visitMachine, staffMachine };

export interface RegisteredMachine {
  /** Short name: the file stem in docs/statecharts/ and the argument of `npm run test:paths -- <name>`. */
  name: string;
  machine: AnyStateMachine;
  /** One sentence for the analysts' index. */
  purpose: string;
  /** Screens (keys of src/shared/routes.ts) whose showing this machine decides; none for server machines. */
  screens: readonly ScreenKey[];
  /** Where it runs when it decides no route (a header part, the server), for the analysts' index. */
  runsIn?: string;
  /** The machine's file, relative to the repository root. */
  source: string;
}

export const machineRegistry: readonly RegisteredMachine[] = [
  {
    name: 'staff',
    machine: staffMachine,
    purpose: "The back-office (/staff): the session kept in the tab checked, else the sign-in with e-mail and the authenticator app's code or, from an invitation link, the app's enrolment; signed in, the work queues and one customer's bill review; a session that ends (idle, expired, ended by an admin) signs out with a notice.",
    screens: [],
    runsIn: 'the back-office (/staff), its own bundle',
    source: 'machines/staff/staffMachine.ts',
  },
  {
    name: 'auth',
    machine: authMachine,
    purpose: 'Sign-in and sign-up by phone: phone and bot check, SMS code with resends (SMS after 30 s, WhatsApp, e-mail), login or confirm-number, and the registration form when the confirmed phone has no account.',
    screens: ['login', 'accessAccount', 'signUp', 'signUpAccessCode', 'createAccount'],
    source: 'machines/auth/authMachine.ts',
  },
  {
    name: 'journey',
    machine: journeyMachine,
    purpose: 'Which screen the customer is on: the route table and route guard of spec §2, session restore, sign-in and sign-up through the auth flow, the landing page by current step, the thank-you countdown, logout and session expiry.',
    // every screen of the table: the journey decides which one shows
    screens: SCREEN_KEYS,
    source: 'machines/journey/journeyMachine.ts',
  },
  {
    name: 'bill',
    machine: billMachine,
    purpose: "The bill page: loads the customer and bills, tells an unserved region and logs out, runs the one-time MAX simulation (customer-success follow-up when it does not fit), takes holder, bill file and partnership badge, uploads with progress, then waits for the analysis and shows its outcome, from which an illegible bill may be sent again.",
    screens: ['bill'],
    source: 'machines/bill/billMachine.ts',
  },
  {
    name: 'notification',
    machine: notificationMachine,
    purpose: "The notification bell in the signed-in page header: loads the customer's notifications, counts the unread ones, marks a notification READ when the customer closes it and reloads the list 700 ms later; a failed mark says 'Erro ao ler notificação' and changes nothing.",
    screens: [],
    runsIn: 'the header of every signed-in screen',
    source: 'machines/notification/notificationMachine.ts',
  },
  {
    name: 'process',
    machine: processMachine,
    purpose: "One customer's process on the server, from sign-up to a connected system; customer and staff actions are its events and the steps list (GET /portal/customers/steps) is derived from it.",
    screens: [],
    runsIn: 'the server',
    source: 'machines/process/processMachine.ts',
  },
  {
    name: 'proposal',
    machine: proposalMachine,
    purpose: "The proposal screen (initial or final): loads the last proposal of its type, downloads its PDF, approves the initial one after the 'Esta é uma proposta inicial' dialog, and takes the final one with cash or financing on to payment.",
    screens: ['proposalInitial', 'proposalFinal'],
    source: 'machines/proposal/proposalMachine.ts',
  },
  {
    name: 'plan',
    machine: planMachine,
    purpose: "The plans screen: loads the customer's three plans with their own figures, the chosen plan and the free months; sends a customer past the choice on to booking-payment (or the contracts once they exist); a fit plan opens the modal whose 'Siga para assinatura' takes it and goes to booking-payment; a plan that is not fit shows 'Não apto' and cannot be chosen.",
    screens: ['planSignature'],
    source: 'machines/plan/planMachine.ts',
  },
  {
    name: 'checkout',
    machine: checkoutMachine,
    purpose: "The booking screen's payment: loads the customer, the client plan and the checkout; with no plan chosen goes back to the plans; a company chooses the boleto day (10, 15, 20 or 25), an individual types the card, which the provider tokenizes in the browser (flagged fields: 'O {field label} é inválido') before the token pre-authorises the first fee; then 'Tudo certo, seu cartão foi aprovado, podemos seguir!'.",
    screens: ['bookingPayment'],
    source: 'machines/checkout/checkoutMachine.ts',
  },
  {
    name: 'document',
    machine: documentMachine,
    purpose: "The documents card of the booking screen: loads the customer's documents, offers one upload area per open slot (an individual's ID front and back, a company's CNPJ card, legal representative and legal document; a denied one again with its reason), checks each file as chosen, sends them together ('Insira todos os documentos necessários!' when a company's file is missing), then 'Documento enviado com sucesso!' and the statuses.",
    screens: [],
    runsIn: 'the booking screen (booking-payment), once the payment is set up',
    source: 'machines/document/documentMachine.ts',
  },
  {
    name: 'holder',
    machine: holderMachine,
    purpose: "The holder data and the contracts' generation on the booking screen: opened by the documents' confirm (or the customer's button), the holder form (the bill's holder; someone else's bill; a company's legal representative), 'Dados salvo com sucesso', then 'Contratos gerados!' (2 s) and the signature screen; 'Erro ao salvar' / 'Erro ao gerar contratos!' keep the form as typed.",
    screens: [],
    runsIn: 'the booking screen (booking-payment), once the documents are sent',
    source: 'machines/holder/holderMachine.ts',
  },
  {
    name: 'contract',
    machine: contractMachine,
    purpose: "The contracts page: the adhesion term, then the power of attorney (or one unified contract), each signed in the embedded frame and re-checked on the server; the terms of use, accepted once scrolled to the end; 'Acompanhe sua instalação', then 'Acompanhar meu projeto' (customer-success case) to the project status.",
    screens: ['customersSignature'],
    source: 'machines/contract/contractMachine.ts',
  },
  {
    name: 'payment',
    machine: paymentMachine,
    purpose: "The payment and contract screen of a buyer: cash (contract data, purchase contract and power of attorney signed in the frame, the invoice opened in a new tab and 'Já paguei', then 'Pagamento confirmado, mas...' and the homologation document) or financing (the status card NOT_REQUESTED, IN_EVALUATION, DENIED, and once APPROVED the contract data, the signatures and the three documents); 'Voltar' to the final proposal until the purchase contract is signed; with every condition met, step_supply and 'Tudo pronto!'.",
    screens: ['payment'],
    source: 'machines/payment/paymentMachine.ts',
  },
  {
    name: 'project',
    machine: projectMachine,
    purpose: "The project-status screen: loads the customer's customer-success case (opened when there is none) with the project's seven-step status, the distributor's request and its deadline, and the 'Mural de Status'; 'Houve erro na verificação de acompanhamento do processo' with a retry; while staff keep the upload open, a file checked as chosen is sent ('Arquivo enviado com sucesso!' / 'Não foi possível enviar o arquivo'); 'Preciso de atendimento' opens the FAQ dialog (GET /faq) with the team on WhatsApp.",
    screens: ['projectStatus'],
    source: 'machines/project/projectMachine.ts',
  },
  {
    name: 'profile',
    machine: profileMachine,
    purpose: "'Meu perfil': loads the customer, their visit, plan or purchase, billing, documents and contracts; saves the personal data ('Perfil atualizado com sucesso'); replaces the card through the booking's tokenizer in a dialog that closes and reloads the card; a buyer signs the purchase contract then the power of attorney in the signing frame (or a dialog says why not now) and issues the cash invoice in a new tab; 'Baixar meus dados' downloads a copy of everything; 'Excluir minha conta' confirms with an SMS code, says what was kept and why, and logs out; 'Trocar e-mail' changes the e-mail only with a code sent to the new address and an SMS code; 'Sair de todos os dispositivos' ends every other session.",
    screens: ['profile'],
    source: 'machines/profile/profileMachine.ts',
  },
  {
    name: 'visit',
    machine: visitMachine,
    purpose: "The technical-visit page: loads the customer, their visit and the blocked days; shows the visit with its status banner, or the form (calendar by the shared rules, time slot, phone, CEP lookup at 8 digits that fills and locks what it returned, 10 s CEP messages and manual entry); books, then reloads schedule and menu; cancels or reschedules after a confirmation while the visit is 24 hours away or more.",
    screens: ['technicalVisit'],
    source: 'machines/visit/visitMachine.ts',
  },
];
