// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HolderForm, type HolderFormProps } from '../../../../src/web/features/checkout/parts/HolderForm';
import { messages as m } from '../../../../src/shared/messages';

afterEach(cleanup);

function open(props: Partial<HolderFormProps> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(<HolderForm form="other" busy={false} error={null} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: m['consumer.submit'] });
/** the texts that describe a field (its error among them) */
const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

async function chooseMarital(user: ReturnType<typeof userEvent.setup>, status: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(m['consumer.marital']) }));
  await user.click(await screen.findByRole('option', { name: status }));
}
async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(m['consumer.name']), 'Maria da Silva');
  await user.type(field(m['consumer.cpf']), '12345678909');
  await user.type(field(m['consumer.email']), 'Maria@Exemplo.com.br');
  await user.type(field(m['consumer.phone']), '11987654321');
}
async function fillCommon(user: ReturnType<typeof userEvent.setup>, birth = '29022024') {
  await user.type(field(m['consumer.birth']), birth);
  await user.type(field(m['consumer.occupation']), 'Engenheira');
  await chooseMarital(user, m['consumer.marital.casado']);
  await user.click(screen.getByRole('checkbox', { name: m['consumer.terms'] }));
}

describe('the holder form', () => {
  test("the bill's holder is asked only birth date, occupation and marital status", () => {
    open({ form: 'holder' });
    screen.getByRole('heading', { level: 2, name: m['consumer.title.holder'] });
    screen.getByText(m['consumer.lead.holder']);
    screen.getByRole('form', { name: m['consumer.title.holder'] });
    expect(screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).labels?.[0]?.textContent)).toEqual([m['consumer.birth'], m['consumer.occupation']]);
    screen.getByRole('button', { name: new RegExp(m['consumer.marital']) });
    expect(screen.queryByLabelText(m['consumer.name'])).toBeNull();
    expect(screen.queryByLabelText(m['consumer.cpf'])).toBeNull();
    expect(screen.queryByLabelText(m['consumer.email'])).toBeNull();
    expect(screen.queryByLabelText(m['consumer.phone'])).toBeNull();
    expect(field(m['consumer.birth']).placeholder).toBe('dd/mm/aaaa');
    expect(field(m['consumer.birth']).inputMode).toBe('numeric');
  });

  test("someone else's bill and a company's representative are asked seven fields, each with its title", () => {
    open({ form: 'other' });
    screen.getByRole('heading', { level: 2, name: m['consumer.title.other'] });
    screen.getByText(m['consumer.lead.other']);
    const labels = [m['consumer.name'], m['consumer.cpf'], m['consumer.email'], m['consumer.phone'], m['consumer.birth'], m['consumer.occupation']];
    expect(screen.getAllByRole('textbox').map((el) => (el as HTMLInputElement).labels?.[0]?.textContent)).toEqual(labels);
    screen.getByRole('button', { name: new RegExp(m['consumer.marital']) });
    expect(field(m['consumer.email']).type).toBe('email');
    expect(field(m['consumer.cpf']).inputMode).toBe('numeric');
    expect(field(m['consumer.phone']).inputMode).toBe('tel');
    cleanup();
    open({ form: 'company' });
    screen.getByRole('heading', { level: 2, name: m['consumer.title.company'] });
    screen.getByText(m['consumer.lead.company']);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  test("'Continuar' stays disabled until the terms are ticked (by keyboard too)", async () => {
    const { user } = open({ form: 'holder' });
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    const terms = screen.getByRole('checkbox', { name: m['consumer.terms'] });
    terms.focus();
    await user.keyboard(' ');
    expect((terms as HTMLInputElement).checked).toBe(true);
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await user.keyboard(' ');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  test('CPF, phone and birth date are masked as typed', async () => {
    const { user } = open({ form: 'other' });
    await user.type(field(m['consumer.cpf']), '12345678909');
    expect(field(m['consumer.cpf']).value).toBe('123.456.789-09');
    await user.type(field(m['consumer.phone']), '11987654321');
    expect(field(m['consumer.phone']).value).toBe('(11) 98765-4321');
    await user.type(field(m['consumer.birth']), '31121990');
    expect(field(m['consumer.birth']).value).toBe('31/12/1990');
  });

  test("'29/02/2023' is refused under the field, with the form's notice and the keyboard on it; '29/02/2024' (a leap year) goes", async () => {
    const { user, onSubmit } = open({ form: 'holder' });
    await fillCommon(user, '29022023');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    const birth = field(m['consumer.birth']);
    expect(birth.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(birth)).toContain('Informe uma data de nascimento válida (dd/mm/aaaa).');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(m['booking.consumer.error.input']);
    expect(document.activeElement).toBe(birth);

    await user.clear(birth);
    await user.type(birth, '29022024');
    expect(birth.getAttribute('aria-invalid')).toBeNull();
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ consumer: { date_of_birth: '02-29-2024', occupation: 'Engenheira', marital_status: 'casado' }, legitimate: null });
    expect(screen.queryByText(m['booking.consumer.error.input'])).toBeNull();
  });

  test("an invalid CPF shows 'CPF inválido'; an empty form flags every field and the keyboard goes to the first", async () => {
    const { user, onSubmit } = open({ form: 'other' });
    await user.click(screen.getByRole('checkbox', { name: m['consumer.terms'] }));
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    for (const [label, error] of [
      ['consumer.name', 'consumer.error.name'], ['consumer.cpf', 'consumer.error.cpf'], ['consumer.email', 'consumer.error.email'],
      ['consumer.phone', 'consumer.error.phone'], ['consumer.birth', 'consumer.error.birth'], ['consumer.occupation', 'consumer.error.occupation'],
    ] as const) {
      expect(describedBy(field(m[label]))).toContain(m[error]);
    }
    screen.getByText(m['consumer.error.marital']);
    expect(document.activeElement).toBe(field(m['consumer.name']));

    cleanup();
    const second = open({ form: 'other' });
    await fillIdentity(second.user);
    await second.user.clear(field(m['consumer.cpf']));
    await second.user.type(field(m['consumer.cpf']), '111.111.111-11');
    expect(field(m['consumer.cpf']).value).toBe('111.111.111-11');
    await fillCommon(second.user);
    await second.user.click(submitButton());
    expect(second.onSubmit).not.toHaveBeenCalled();
    expect(describedBy(field(m['consumer.cpf']))).toContain('CPF inválido');
    expect(field(m['consumer.name']).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(m['consumer.cpf']));
  });

  test("someone else's bill sends the identity without punctuation and the date as month-day-year; no legitimate", async () => {
    const { user, onSubmit } = open({ form: 'other' });
    await fillIdentity(user);
    await fillCommon(user);
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      consumer: {
        name: 'Maria da Silva', document_value: '12345678909', email: 'maria@exemplo.com.br', phone: '11987654321',
        date_of_birth: '02-29-2024', occupation: 'Engenheira', marital_status: 'casado',
      },
      legitimate: null,
    });
  });

  test('a company sends its representative as the legitimate too, submitted with the keyboard', async () => {
    const { user, onSubmit } = open({ form: 'company' });
    await fillIdentity(user);
    await fillCommon(user);
    await user.click(field(m['consumer.occupation']));
    await user.keyboard('{Enter}');
    const identity = { name: 'Maria da Silva', document_value: '12345678909', email: 'maria@exemplo.com.br', phone: '11987654321' };
    expect(onSubmit).toHaveBeenCalledWith({
      consumer: { ...identity, date_of_birth: '02-29-2024', occupation: 'Engenheira', marital_status: 'casado' },
      legitimate: identity,
    });
  });

  test('starts from what was saved, masks included', () => {
    open({
      form: 'other',
      initial: { name: 'Maria da Silva', document_value: '12345678909', phone: '11987654321', date_of_birth: '12-31-1990', occupation: 'Engenheira', marital_status: 'viuvo' },
    });
    expect(field(m['consumer.name']).value).toBe('Maria da Silva');
    expect(field(m['consumer.cpf']).value).toBe('123.456.789-09');
    expect(field(m['consumer.phone']).value).toBe('(11) 98765-4321');
    expect(field(m['consumer.birth']).value).toBe('31/12/1990');
    expect(field(m['consumer.occupation']).value).toBe('Engenheira');
    screen.getByRole('button', { name: (name) => name.includes(m['consumer.marital.viuvo']) && name.includes(m['consumer.marital']) });
  });

  test("while busy the fields and 'Agora não' are disabled and 'Continuar' is pending; 'Agora não' cancels otherwise", async () => {
    const { onCancel, onSubmit, user } = open({ form: 'holder', busy: true, initial: { terms: true } });
    expect(field(m['consumer.birth']).disabled).toBe(true);
    expect(field(m['consumer.occupation']).disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: m['consumer.terms'] }).hasAttribute('disabled')).toBe(true);
    const cancel = screen.getByRole('button', { name: m['consumer.cancel'] });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(submitButton().hasAttribute('data-pending')).toBe(true);
    await user.click(submitButton());
    await user.click(cancel);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    cleanup();

    const idle = open({ form: 'holder' });
    await idle.user.click(screen.getByRole('button', { name: m['consumer.cancel'] }));
    expect(idle.onCancel).toHaveBeenCalledTimes(1);
  });

  test('the server\'s failure shows as an alert', () => {
    open({ form: 'holder', error: 'consumer.save.error' });
    expect(screen.getByRole('alert').textContent).toBe('Erro ao salvar');
  });
});
