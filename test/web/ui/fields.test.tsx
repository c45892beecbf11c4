// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CurrencyField } from '../../../src/web/ui/CurrencyField/CurrencyField';
import { PhoneField, EMPTY_PHONE, type PhoneValue } from '../../../src/web/ui/PhoneField/PhoneField';
import { TextField } from '../../../src/web/ui/TextField/TextField';
import { Select } from '../../../src/web/ui/Select/Select';
import { ComboBox } from '../../../src/web/ui/ComboBox/ComboBox';
import { RadioGroup } from '../../../src/web/ui/RadioGroup/RadioGroup';
import { Checkbox } from '../../../src/web/ui/Checkbox/Checkbox';

afterEach(cleanup);

function Currency({ initial = null, onValue }: { initial?: number | null; onValue?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <CurrencyField
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('CurrencyField', () => {
  it('is labelled Valor da conta; typed digits are reais (450 is R$ 450, not R$ 4,50), a comma starts the cents', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Currency onValue={onValue} />);
    const input = screen.getByLabelText('Valor da conta') as HTMLInputElement;
    await user.type(input, '450');
    expect(input.value).toBe('R$ 450');
    expect(onValue).toHaveBeenLastCalledWith(450);
    await user.type(input, ',5');
    expect(input.value).toBe('R$ 450,5');
    expect(onValue).toHaveBeenLastCalledWith(450.5);
    await user.tab();
    expect(input.value).toBe('R$ 450,50');
    await user.clear(input);
    await user.type(input, '1234,56');
    expect(input.value).toBe('R$ 1.234,56');
    expect(onValue).toHaveBeenLastCalledWith(1234.56);
  });

  it('refuses negatives and letters, and stops at 10 integer digits and 2 decimals', async () => {
    const user = userEvent.setup();
    render(<Currency />);
    const input = screen.getByLabelText('Valor da conta') as HTMLInputElement;
    await user.type(input, '-1a2');
    expect(input.value).toBe('R$ 12');
    await user.clear(input);
    await user.type(input, '99999999999999,999');
    expect(input.value).toBe('R$ 9.999.999.999,99');
  });

  it('shows the saved default and empties to null', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Currency initial={320} onValue={onValue} />);
    const input = screen.getByLabelText('Valor da conta') as HTMLInputElement;
    expect(input.value).toBe('R$ 320,00');
    await user.clear(input);
    expect(input.value).toBe('');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});

function Phone({ onValue, errors = {} }: { onValue?: (v: PhoneValue) => void; errors?: { cc?: string; cell?: string } }) {
  const [value, setValue] = useState(EMPTY_PHONE);
  return (
    <PhoneField
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      countryCodeError={errors.cc}
      cellPhoneError={errors.cell}
    />
  );
}

describe('PhoneField', () => {
  it('has DDI (default 55) and Celular with the (11) 98765-4321 mask, reporting digits only', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    render(<Phone onValue={onValue} />);
    const ddi = screen.getByLabelText('DDI') as HTMLInputElement;
    const cell = screen.getByLabelText('Celular') as HTMLInputElement;
    expect(ddi.value).toBe('55');
    await user.type(cell, '11987654321999');
    expect(cell.value).toBe('(11) 98765-4321');
    expect(onValue).toHaveBeenLastCalledWith({ countryCode: '55', cellPhone: '11987654321' });
  });

  it('keeps the DDI to 2 digits', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const ddi = screen.getByLabelText('DDI') as HTMLInputElement;
    await user.clear(ddi);
    await user.type(ddi, '+351');
    expect(ddi.value).toBe('35');
  });

  it('shows each error under its own box and marks it invalid', () => {
    render(<Phone errors={{ cell: 'Informe um celular válido com DDD e 9 dígitos' }} />);
    const cell = screen.getByLabelText('Celular');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe um celular válido com DDD e 9 dígitos')).toBeTruthy();
    expect(screen.getByLabelText('DDI').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('TextField and Select', () => {
  it('binds the visible label to the input and describes the error', () => {
    render(<TextField label="Nome" errorMessage="Campo obrigatório" />);
    const input = screen.getByLabelText('Nome');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Campo obrigatório');
  });

  it('a disabled Select (Cidade before Estado) cannot be opened', () => {
    render(<Select label="Cidade" options={[{ id: '1', name: 'Campinas' }]} value={null} onChange={() => {}} isDisabled />);
    const trigger = screen.getByRole('button', { name: /Cidade/ });
    expect(trigger.hasAttribute('disabled')).toBe(true);
  });

  it('a Select reports the chosen id', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Select
        label="Tipo de imóvel"
        options={[{ id: 'RESIDENCIAL', name: 'Residencial (casa)' }, { id: 'COMERCIAL', name: 'Comercial' }]}
        value={null}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Tipo de imóvel/ }));
    await user.click(await screen.findByRole('option', { name: 'Comercial' }));
    expect(onChange).toHaveBeenCalledWith('COMERCIAL');
  });
});

describe('ComboBox, RadioGroup and Checkbox', () => {
  it('a ComboBox (Cidade) finds a city ignoring case and accents and reports its id', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ComboBox
        label="Cidade"
        options={[{ id: '3509502', name: 'Campinas' }, { id: '3550308', name: 'São Paulo' }, { id: '3548708', name: 'São Bernardo do Campo' }]}
        value={null}
        onChange={onChange}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Cidade' }), 'sao p');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['São Paulo']);
    await user.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith('3550308');
  });

  it('a RadioGroup offers Sim and Não by default', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<RadioGroup label="Você é o titular da conta de luz?" value={null} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Você é o titular da conta de luz?' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    expect(onChange).toHaveBeenCalledWith('no');
    expect(screen.getByRole('radio', { name: 'Sim' })).toBeTruthy();
  });

  it('a Checkbox shows its error and is described by it', () => {
    render(<Checkbox errorMessage="Você deve concordar com os Termos!">Li e concordo com os Termos</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Li e concordo com os Termos' });
    const describedBy = box.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Você deve concordar com os Termos!');
  });
});
