import type { CustomerProfile } from './payloads';

/**
 * How the portal greets a customer: a company (CNPJ) by its whole legal name ('Olá, Padaria Pão
 * Quente Ltda!', not 'Olá, Padaria!'), a person (CPF) by the first name; no greeting without a name.
 */
export function greeting(customer: Pick<CustomerProfile, 'name' | 'type'>): string | null {
  const name = customer.name.trim().replace(/\s+/g, ' ');
  if (!name) return null;
  return `Olá, ${customer.type === 'CNPJ' ? name : name.split(' ')[0]}!`;
}
