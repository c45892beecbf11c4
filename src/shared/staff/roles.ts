/**
 * Staff roles, least privilege (issue 14): each admin endpoint names the roles that may call it
 * (`roles` in its descriptor, src/shared/endpoint.ts), the server checks them on every call, and
 * the back-office shows only what a member's roles allow. A member may hold several roles.
 */
export const STAFF_ROLES = ['admin', 'analyst', 'scheduler', 'sales', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is for, as the back-office names it. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Administração (equipe, cobertura, agenda, FAQ)',
  analyst: 'Análise (contas de luz, documentos)',
  scheduler: 'Agenda (visitas técnicas)',
  sales: 'Vendas (propostas, financiamento, boletos)',
  support: 'Suporte (projeto, mural, mensagens)',
};

/** Every role: reads any staff member needs to find and open a customer. */
export const ANY_STAFF: readonly StaffRole[] = STAFF_ROLES;

/**
 * Who downloads a customer's files (F14, least privilege): ID documents and bill files the
 * analysis reviews, contracts sales close; admins both. Every download is audited.
 */
export const DOCUMENT_READERS: readonly StaffRole[] = ['analyst', 'admin'];
export const CONTRACT_READERS: readonly StaffRole[] = ['sales', 'admin'];

export const hasRole = (held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean => held.some((r) => allowed.includes(r));

/**
 * The process events staff send through POST admin/customers/{id}/events, by the role that sends
 * each: the visit's by the scheduler, the sale's by sales, the works' by support.
 */
export const STAFF_EVENT_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  'simulation.done': ['sales'],
  'proposal.initialSent': ['sales'],
  'proposal.initialApproved': ['sales'],
  'visit.requested': ['scheduler'],
  'visit.confirmed': ['scheduler'],
  'visit.cancelled': ['scheduler'],
  'visit.approved': ['scheduler'],
  'visit.notApproved': ['scheduler'],
  'plan.signed': ['sales'],
  'proposal.finalApproved': ['sales'],
  'checkout.completed': ['sales'],
  'contract.signed': ['sales'],
  'supply.delivered': ['support'],
  'installation.completed': ['support'],
};

/** Who may send some process event (each event's own role is checked by the handler). */
export const EVENT_SENDERS: readonly StaffRole[] = ['scheduler', 'sales', 'support'];
