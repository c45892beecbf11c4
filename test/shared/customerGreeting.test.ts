import { describe, expect, it } from 'vitest';
import { greeting } from '../../src/shared/customer/rules';

describe('greeting', () => {
  it('greets a company (CNPJ) by its whole legal name', () => {
    expect(greeting({ name: 'Padaria Pão Quente Ltda', type: 'CNPJ' })).toBe('Olá, Padaria Pão Quente Ltda!');
  });

  it('greets a person (CPF) by the first name', () => {
    expect(greeting({ name: 'Maria da Silva', type: 'CPF' })).toBe('Olá, Maria!');
    expect(greeting({ name: '  Ana  Souza ', type: 'CPF' })).toBe('Olá, Ana!');
  });

  it('greets no one without a name', () => {
    expect(greeting({ name: '   ', type: 'CPF' })).toBeNull();
  });
});
