// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CodeInput } from '../../../src/web/ui/CodeInput/CodeInput';

afterEach(cleanup);

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () => boxes().map((b) => b.value).join('');

describe('CodeInput', () => {
  it('is one labelled group of six numeric boxes, the first offering the SMS code', () => {
    render(<CodeInput />);
    const group = screen.getByRole('group', { name: 'Código de acesso' });
    expect(group).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    for (const [i, box] of boxes().entries()) {
      expect(box.getAttribute('inputmode')).toBe('numeric');
      expect(box.getAttribute('aria-label')).toBe(`Dígito ${i + 1} de 6`);
    }
    expect(boxes()[0]!.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('typing moves to the next box, ignores letters and fires onComplete once at six digits', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<CodeInput onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2');
    expect(values()).toBe('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('3456');
    expect(values()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('pasting a whole code fills every box and completes', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<CodeInput onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.paste('98 76-54');
    expect(values()).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });

  it('the phone autofilling the first box with the whole code fills every box', () => {
    const onComplete = vi.fn();
    render(<CodeInput onComplete={onComplete} />);
    fireEvent.change(boxes()[0]!, { target: { value: '246810' } });
    expect(values()).toBe('246810');
    expect(onComplete).toHaveBeenCalledWith('246810');
  });

  it('Backspace clears the box, then moves back to the previous one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<CodeInput onChange={onChange} />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1');
    await user.keyboard('7');
    expect(values()).toBe('17');
    expect(onChange).toHaveBeenLastCalledWith('17');
  });

  it('a controlled value can be cleared by the parent after a wrong code, and shows the error', async () => {
    function Harness() {
      const [code, setCode] = useState('');
      return (
        <>
          <CodeInput value={code} onChange={setCode} errorMessage={code === '' ? 'Código de acesso inválido' : undefined} />
          <button onClick={() => setCode('')}>limpar</button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('alert').textContent).toBe('Código de acesso inválido');
    expect(boxes()[0]!.getAttribute('aria-invalid')).toBe('true');
    await user.click(boxes()[0]!);
    await user.keyboard('55');
    expect(values()).toBe('55');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByText('limpar'));
    expect(values()).toBe('');
  });
});
