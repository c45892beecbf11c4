import { useEffect, useState } from 'react';
import type { BillCorrections } from '#shared/bill/payloads';
import { LOW_CONFIDENCE } from '#shared/bill/evidence';
import { parseTypedNumber } from '#shared/money';
import { anyBillFile } from '#shared/bill/endpoints';
import { hasRole, type StaffRole } from '#shared/staff/roles';
import type { StaffApi } from '../api';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { TableScroll } from '../parts/TableScroll';
import { BillPages } from '../parts/BillPages';
import { visuallyHidden } from '../../theme/a11y.css';

type Bill = Awaited<ReturnType<StaffApi['bills']>>[number];

/** The reader's fields in the order a reviewer checks them, with their names on the screen. */
const FIELD_LABELS: Record<string, string> = {
  distributor: 'Distribuidora', holder: 'Titular', installation: 'Instalação', client_code: 'Código do cliente',
  consumer_class: 'Classe', subclass: 'Subclasse', tariff_group: 'Grupo tarifário', power_pattern: 'Ligação',
  reference_month: 'Mês de referência', value: 'Valor (R$)', consumption: 'Consumo do mês (kWh)', billed_consumption: 'Consumo faturado (kWh)',
  consumption_history_kwh_values: 'Histórico (kWh)', generation: 'Geração própria',
};

const CONNECTIONS: Record<string, string> = { single: 'monofásica', two: 'bifásica', three: 'trifásica' };

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && CONNECTIONS[value]) return CONNECTIONS[value];
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'object' && value && 'average' in value) return `média ${shown((value as { average: unknown }).average)}`;
  return String(value);
};
/** A corrected value: a positive number as typed in pt-BR, else undefined (the field is refused). */
const parseNumber = (raw: string): number | undefined => {
  const n = parseTypedNumber(raw);
  return n !== null && n > 0 ? n : undefined;
};

/**
 * One customer's latest bill: the file beside what the assistant read (each value with its
 * confidence and where on the bill it was read), approve, correct and approve, or disapprove with
 * the reason the customer reads. A customer who moved on meanwhile is refused with a clear message.
 */
export function BillReviewScreen({ api, customerId, roles, onDone }: { api: StaffApi; customerId: number; roles: readonly StaffRole[]; onDone: () => void }) {
  // the bill's file only to the roles that review it (F14); the others read what the assistant read
  const opensFile = hasRole(roles, anyBillFile.roles);
  const [bill, setBill] = useState<Bill | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [file, setFile] = useState<{ blob: Blob; url: string } | null>(null);
  /** the field whose evidence is boxed on the bill */
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [consumption, setConsumption] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<'approve' | 'disapprove' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let url: string | null = null;
    Promise.all([api.bills(customerId), api.process(customerId)]).then(async ([bills, process]) => {
      const latest = bills.at(-1) ?? null;
      setBill(latest);
      setVersion(process.version);
      if (latest) {
        // the first field the reviewer should check: the least sure one read from the bill
        const read = Object.entries(latest.reading?.fields ?? {}).filter(([key, f]) => FIELD_LABELS[key] && f.evidence.length > 0);
        read.sort(([, a], [, b]) => (a.confidence ?? 1) - (b.confidence ?? 1));
        setChosen(read[0]?.[0] ?? null);
        if (!opensFile) return;
        const blob = await api.billFile(latest.id);
        url = URL.createObjectURL(blob);
        setFile({ blob, url });
      }
    }).catch((e: Error) => setError(e.message));
    return () => { if (url) URL.revokeObjectURL(url); };
  }, [api, customerId, opensFile]);

  const decide = async (status: 'APPROVED' | 'DISAPPROVED') => {
    if (version === null) return;
    setPending(status === 'APPROVED' ? 'approve' : 'disapprove');
    setError(null);
    const corrections: BillCorrections = {};
    const v = parseNumber(value);
    const c = parseNumber(consumption);
    if (v !== undefined) corrections.value = v;
    if (c !== undefined) corrections.consumption = c;
    try {
      await api.decideBill(customerId, status === 'APPROVED'
        ? { status, version, ...(Object.keys(corrections).length ? { corrections } : {}) }
        : { status, version, justification: reason });
      setDone(status === 'APPROVED' ? 'Conta aprovada. O cliente foi avisado e já vê a proposta inicial.' : 'Conta reprovada. O cliente foi avisado com o motivo.');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };

  const fields = bill?.reading?.fields ?? {};
  return (
    <main className={css.wideMain}>
      <h1 className={css.heading}>Revisão da conta de luz</h1>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {done ? (
        <section className={css.card}>
          <Notice tone="success">{done}</Notice>
          <div className={css.actions}><Button onPress={onDone}>Voltar às filas</Button></div>
        </section>
      ) : null}
      {!bill && !error ? <p role="status">Carregando…</p> : null}
      {bill && !done ? (
        <div className={css.twoColumns}>
          <section className={css.card} aria-labelledby="file-title">
            <h2 id="file-title" className={css.subheading}>Arquivo enviado</h2>
            {file ? <BillPages file={file.blob} runs={chosen ? fields[chosen]?.evidence ?? [] : []} fieldLabel={chosen ? FIELD_LABELS[chosen] ?? chosen : null} /> : null}
            {file ? <p><a href={file.url} target="_blank" rel="noopener noreferrer">Abrir o arquivo em outra aba</a></p> : null}
            {opensFile ? null : <p className={css.muted}>O arquivo da conta é aberto pela análise.</p>}
            <p className={css.muted}>Situação: {bill.status}{bill.reading?.review_notes.length ? ` · motivos da revisão: ${bill.reading.review_notes.join(', ')}` : ''}</p>
          </section>
          <section className={css.card} aria-labelledby="read-title">
            <h2 id="read-title" className={css.subheading}>O que o assistente leu</h2>
            <TableScroll label="O que o assistente leu"><table className={css.table}>
              <thead><tr><th className={css.cell} scope="col">Campo</th><th className={css.cell} scope="col">Valor</th><th className={css.cell} scope="col">Confiança</th><th className={css.cell} scope="col">Onde foi lido</th></tr></thead>
              <tbody>
                {Object.entries(FIELD_LABELS).map(([key, label]) => {
                  const f = fields[key];
                  const low = f?.confidence != null && f.confidence < LOW_CONFIDENCE;
                  return (
                    <tr key={key}>
                      <th className={css.cell} scope="row">{label}</th>
                      <td className={css.cell}>{shown(f?.value)}</td>
                      <td className={`${css.cell} ${low ? css.confidenceLow : ''}`}>{f?.confidence == null ? '—' : `${Math.round(f.confidence * 100)}%${low ? ' (baixa)' : ''}`}</td>
                      <td className={`${css.cell} ${css.evidence}`}>
                        {f?.evidence.length ? (
                          <button type="button" className={css.evidenceButton} aria-pressed={chosen === key} onClick={() => setChosen(key)}>
                            <span className={visuallyHidden}>{`Marcar na conta: ${label} — `}</span>
                            {[...new Set(f.evidence.map((e) => `p. ${e.page}: “${e.text}”`))].slice(0, 2).join(' · ')}
                          </button>
                        ) : '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table></TableScroll>
            {bill.status === 'WAITING' || bill.status === 'PENDING' ? (
              <>
                <h3 className={css.subheading}>Corrigir antes de aprovar (opcional)</h3>
                <TextField label="Valor da conta (R$)" inputMode="decimal" value={value} onChange={setValue} description="Deixe em branco para manter o valor lido." />
                <TextField label="Consumo do mês (kWh)" inputMode="numeric" value={consumption} onChange={setConsumption} description="Deixe em branco para manter o consumo lido." />
                <div className={css.actions}>
                  <Button onPress={() => void decide('APPROVED')} isPending={pending === 'approve'} isDisabled={pending !== null}>Aprovar conta</Button>
                </div>
                <h3 className={css.subheading}>Reprovar</h3>
                <TextField label="Motivo que o cliente lerá" value={reason} onChange={setReason} description="Por exemplo: a foto está cortada; envie a conta inteira." />
                <div className={css.actions}>
                  <Button variant="secondary" onPress={() => void decide('DISAPPROVED')} isPending={pending === 'disapprove'} isDisabled={pending !== null || reason.trim().length < 3}>Reprovar conta</Button>
                </div>
              </>
            ) : <Notice tone="info">Esta conta já foi decidida.</Notice>}
          </section>
        </div>
      ) : null}
    </main>
  );
}
