// @vitest-environment happy-dom
/**
 * A public page is painted from its HTML before its code arrives (src/shared/pageCode.ts): what a
 * visitor types or ticks in that time must reach the form once React has taken the page over.
 */
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyInput } from '../../../src/web/app/earlyInput';

function Form() {
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [accepted, setAccepted] = useState(false);
  return (
    <form>
      <input aria-label="Celular" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
      <textarea aria-label="Observação" value={note} onChange={(e) => setNote(e.target.value)} />
      <input type="checkbox" aria-label="Aceito" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
      <output>{`${phone}|${note}|${accepted ? 'aceito' : 'não'}`}</output>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The page's HTML as the build renders it, then what the visitor does before the code arrives, then hydration. */
async function hydrateAfter(visitor: (container: HTMLElement) => void): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  visitor(container);
  await act(async () => { root = hydrateRoot(container, <Form />); });
  return container;
}

const field = <T extends Element>(c: HTMLElement, label: string) => c.querySelector<T>(`[aria-label="${label}"]`)!;

describe('input before hydration', () => {
  it('without the replay React keeps showing the typed text but its state is empty', async () => {
    const c = await hydrateAfter((page) => { field<HTMLInputElement>(page, 'Celular').value = '11 98765-4321'; });
    expect(field<HTMLInputElement>(c, 'Celular').value).toBe('11 98765-4321');
    expect(c.querySelector('output')!.textContent).toBe('||não');
  });

  it('typed text and a ticked box reach the state, through the fields\' own change handlers', async () => {
    const c = await hydrateAfter((page) => {
      field<HTMLInputElement>(page, 'Celular').value = '11 98765-4321';
      field<HTMLTextAreaElement>(page, 'Observação').value = 'casa térrea';
      field<HTMLInputElement>(page, 'Aceito').checked = true;
    });
    await act(async () => replayEarlyInput(c));
    expect(c.querySelector('output')!.textContent).toBe('11987654321|casa térrea|aceito');
    expect(field<HTMLInputElement>(c, 'Celular').value).toBe('11987654321');
    expect(field<HTMLInputElement>(c, 'Aceito').checked).toBe(true);
  });

  it('untouched fields are left alone', async () => {
    const c = await hydrateAfter(() => {});
    await act(async () => replayEarlyInput(c));
    expect(c.querySelector('output')!.textContent).toBe('||não');
    expect(field<HTMLInputElement>(c, 'Aceito').checked).toBe(false);
  });
});
