// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { CalendarDate } from '@internationalized/date';
import { Notice } from '../../../src/web/ui/Notice/Notice';
import { Page, PageLead } from '../../../src/web/ui/Page/Page';
import { Calendar } from '../../../src/web/ui/Calendar/Calendar';
import { FileDrop } from '../../../src/web/ui/FileDrop/FileDrop';

afterEach(cleanup);

describe('Notice', () => {
  it('one tone decides the role: an error is an alert, the other tones a status, a reminder neither', () => {
    render(
      <>
        <Notice tone="error">Falhou</Notice>
        <Notice tone="success">Pronto</Notice>
        <Notice tone="warning" role={null}>Lembrete</Notice>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Falhou');
    expect(screen.getByRole('status').textContent).toBe('Pronto');
    expect(screen.getByText('Lembrete').closest('[role]')).toBeNull();
    // the icon is decoration: nothing of it is read
    for (const icon of document.querySelectorAll('svg')) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes a title (as a heading when it names a section) and the focus when asked', () => {
    const box = createRef<HTMLDivElement>();
    const heading = createRef<HTMLHeadingElement>();
    render(<Notice ref={box} tabIndex={-1} tone="info" title="Conta de luz em análise" headingLevel={2} titleRef={heading}><p>Em até 24 horas.</p></Notice>);
    expect(screen.getByRole('heading', { level: 2, name: 'Conta de luz em análise' })).toBe(heading.current);
    box.current?.focus();
    expect(document.activeElement).toBe(box.current);
    heading.current?.focus();
    expect(document.activeElement).toBe(heading.current);
  });
});

describe('Page', () => {
  it('is the page section: its h1 names it when given an id, the lead follows, then the content', () => {
    const title = createRef<HTMLHeadingElement>();
    render(<Page title="Proposta inicial" titleId="t" titleRef={title} lead="Veja os valores." busy={false}><PageLead>Mais.</PageLead></Page>);
    const region = screen.getByRole('region', { name: 'Proposta inicial' });
    expect(within(region).getByRole('heading', { level: 1 })).toBe(title.current);
    expect(title.current?.getAttribute('tabindex')).toBe('-1');
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Veja os valores.', 'Mais.']);
    expect(region.getAttribute('aria-busy')).toBe('false');
  });

  it('a page without an id is a plain section with a plain h1', () => {
    render(<Page title="Conta de luz" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Conta de luz' }).hasAttribute('tabindex')).toBe(false);
  });
});

describe('Calendar', () => {
  it('speaks pt-BR, pages by month and leaves the day rules to the caller', async () => {
    const user = userEvent.setup();
    function Pick() {
      const [day, setDay] = useState<CalendarDate | null>(null);
      return (
        <>
          <Calendar
            aria-label="Dia da visita"
            value={day}
            onChange={setDay}
            defaultFocusedValue={new CalendarDate(2026, 11, 23)}
            isDateUnavailable={(d) => d.day === 29}
          />
          <p>{day ? day.toString() : 'nenhum'}</p>
        </>
      );
    }
    render(<Pick />);
    expect(screen.getByRole('heading', { name: /novembro de 2026/i })).toBeTruthy();
    const sunday = screen.getAllByRole('button').find((b) => /29 de novembro/.test(b.getAttribute('aria-label') ?? ''));
    expect(sunday?.getAttribute('aria-disabled')).toBe('true');
    const tuesday = screen.getAllByRole('button').find((b) => /24 de novembro/.test(b.getAttribute('aria-label') ?? ''))!;
    await user.click(tuesday);
    expect(screen.getByText('2026-11-24')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(screen.getByRole('heading', { name: /dezembro de 2026/i })).toBeTruthy();
  });
});

describe('FileDrop', () => {
  function Upload() {
    const [file, setFile] = useState<File | null>(null);
    return <FileDrop label="Conta de luz mais recente" file={file} error={file ? null : 'Selecione um arquivo.'} onChoose={setFile} onRemove={() => setFile(null)} />;
  }

  it('picks a file, shows its short name with Remover, and gives the picker back', async () => {
    const user = userEvent.setup();
    render(<Upload />);
    const area = screen.getByRole('group', { name: 'Conta de luz mais recente' });
    expect(within(area).getByRole('alert').textContent).toBe('Selecione um arquivo.');
    expect(area.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('application/pdf');
    await user.upload(area.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF'], 'conta-de-luz-de-marco.pdf', { type: 'application/pdf' }));
    expect(within(area).getByText('conta-de-l….pdf')).toBeTruthy();
    expect(within(area).queryByRole('alert')).toBeNull();
    await user.click(within(area).getByRole('button', { name: 'Remover conta-de-luz-de-marco.pdf' }));
    expect(within(area).getByRole('button', { name: 'Escolher arquivo' })).toBeTruthy();
  });
});
