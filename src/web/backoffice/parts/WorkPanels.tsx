import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { DOCUMENT_STATUS_LABEL } from '#shared/document/rules';
import type { DocumentRecord } from '#shared/document/payloads';
import { messages } from '#shared/messages';
import { isWithDistributor, nextProjectStatus, PROJECT_STATUSES, type ProjectStatus } from '#shared/project/rules';
import { hasRole, type StaffRole } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';

/**
 * The work on one customer, by domain, on their page: each panel reads what staff need and offers
 * the actions of the role that does them (the server checks the role again); after an action the
 * page reloads, so the process and its moves show the change.
 */
interface PanelProps { api: StaffApi; customerId: number; roles: readonly StaffRole[]; onChanged: () => void }

const projectLabel = (s: ProjectStatus) => messages[`project.status.${s}` as keyof typeof messages] ?? s;

/** Loads with `load`, shows an error, runs actions with one pending flag and a status line. */
function usePanel<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const reload = useCallback(() => {
    load().then((d) => { setData(d); setLoaded(true); }, (e: Error) => setError(e.message));
  }, [load]);
  useEffect(reload, [reload]);
  const act = async (name: string, run: () => Promise<unknown>, said: string, onChanged: () => void) => {
    setPending(name);
    setError(null);
    setDone(null);
    try {
      await run();
      setDone(said);
      reload();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(null);
    }
  };
  return { data, loaded, error, done, pending, act };
}

function Panel({ id, title, error, done, children }: { id: string; title: string; error: string | null; done: string | null; children: ReactNode }) {
  return (
    <section className={css.card} aria-labelledby={id}>
      <h2 id={id} className={css.subheading}>{title}</h2>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {done ? <p role="status" className={css.muted}>{done}</p> : null}
      {children}
    </section>
  );
}

export function DocumentsPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.documents(customerId), [api, customerId]));
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [preview, setPreview] = useState<{ id: number; url: string; image: boolean } | null>(null);
  const [turn, setTurn] = useState(0);
  const [zoom, setZoom] = useState(1);
  const analyst = hasRole(roles, ['analyst']);
  const [fileError, setFileError] = useState<string | null>(null);
  const open = async (d: DocumentRecord) => {
    setFileError(null);
    try {
      const blob = await api.documentFile(customerId, d.id, 'front');
      if (preview) URL.revokeObjectURL(preview.url);
      setPreview({ id: d.id, url: URL.createObjectURL(blob), image: blob.type.startsWith('image/') });
      setTurn(0);
      setZoom(1);
    } catch (e) {
      setFileError((e as Error).message);
    }
  };
  return (
    <Panel id="documents-title" title="Documentos" error={p.error ?? fileError} done={p.done}>
      {!p.data ? <p role="status">Carregando…</p> : p.data.length === 0 ? <p className={css.muted}>Nenhum documento enviado.</p> : (
        <ul className={css.plainList}>
          {p.data.map((d) => (
            <li key={d.id} className={css.queueCard}>
              <p><strong>{d.name}</strong> · {DOCUMENT_STATUS_LABEL[d.status]}{d.justification ? ` · motivo: ${d.justification}` : ''}</p>
              <div className={css.actions}>
                <Button variant="secondary" onPress={() => void open(d)}>Ver arquivo</Button>
                {analyst && d.status === 'PENDING' ? (
                  <Button onPress={() => void p.act(`approve-${d.id}`, () => api.decideDocument(customerId, d.id, { status: 'APPROVED' }), `${d.name}: aprovado.`, onChanged)} isPending={p.pending === `approve-${d.id}`}>Aprovar</Button>
                ) : null}
              </div>
              {analyst && d.status === 'PENDING' ? (
                <>
                  <TextField label={`Motivo da recusa de ${d.name}`} value={reasons[d.id] ?? ''} onChange={(v) => setReasons((r) => ({ ...r, [d.id]: v }))} description="O cliente lê este motivo." />
                  <div className={css.actions}>
                    <Button variant="secondary" isDisabled={(reasons[d.id] ?? '').trim().length < 3} isPending={p.pending === `deny-${d.id}`}
                      onPress={() => void p.act(`deny-${d.id}`, () => api.decideDocument(customerId, d.id, { status: 'DENIED', justification: reasons[d.id] }), `${d.name}: recusado.`, onChanged)}>Recusar</Button>
                  </div>
                </>
              ) : null}
              {preview?.id === d.id ? (
                preview.image ? (
                  <div>
                    <div className={css.actions}>
                      <Button variant="secondary" onPress={() => setZoom((z) => Math.min(3, z + 0.5))}>Ampliar</Button>
                      <Button variant="secondary" onPress={() => setZoom((z) => Math.max(1, z - 0.5))}>Reduzir</Button>
                      <Button variant="secondary" onPress={() => setTurn((t) => (t + 90) % 360)}>Girar</Button>
                    </div>
                    <div className={css.viewer} tabIndex={0} role="group" aria-label="Imagem do documento (role para ver)">
                      <img src={preview.url} alt={`${d.name} enviado pelo cliente`} style={{ transform: `rotate(${turn}deg) scale(${zoom})`, transformOrigin: 'center' }} className={css.preview} />
                    </div>
                  </div>
                ) : <p><a href={preview.url} target="_blank" rel="noopener noreferrer">Abrir o PDF do documento em outra aba</a></p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function VisitPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.visit(customerId), [api, customerId]));
  const scheduler = hasRole(roles, ['scheduler']);
  const v = p.data;
  const move = (status: 'CONFIRMED_SCHEDULE' | 'ACCOMPLISHED_AND_APPROVED' | 'DONE_AND_NOT_APPROVED' | 'CANCELLED', said: string, early = false) =>
    void p.act(status, () => api.moveVisit(customerId, { status, early }), said, onChanged);
  return (
    <Panel id="visit-title" title="Visita técnica" error={p.error} done={p.done}>
      {!p.loaded && !p.error ? <p role="status">Carregando…</p> : null}
      {p.loaded && p.data === null ? <p className={css.muted}>Nenhuma visita marcada.</p> : null}
      {v ? (
        <>
          <p>{v.date} às {v.time} · {v.address}, {v.number} · {v.city} – {v.state} · <strong>{messages[`visit.status.${v.status}` as keyof typeof messages] ?? v.status}</strong></p>
          {scheduler ? (
            <div className={css.actions}>
              {v.status === 'UNCONFIRMED_APPOINTMENT' ? <Button onPress={() => move('CONFIRMED_SCHEDULE', 'Visita confirmada.')} isPending={p.pending === 'CONFIRMED_SCHEDULE'}>Confirmar visita</Button> : null}
              {v.status === 'CONFIRMED_SCHEDULE' ? (
                <>
                  <Button onPress={() => move('ACCOMPLISHED_AND_APPROVED', 'Visita registrada: realizada e aprovada.', new Date(v.schedule) > new Date())} isPending={p.pending === 'ACCOMPLISHED_AND_APPROVED'}>Realizada e aprovada</Button>
                  <Button variant="secondary" onPress={() => move('DONE_AND_NOT_APPROVED', 'Visita registrada: realizada e não aprovada.', new Date(v.schedule) > new Date())} isPending={p.pending === 'DONE_AND_NOT_APPROVED'}>Realizada e não aprovada</Button>
                </>
              ) : null}
              {v.status === 'UNCONFIRMED_APPOINTMENT' || v.status === 'CONFIRMED_SCHEDULE' ? <Button variant="secondary" onPress={() => move('CANCELLED', 'Visita cancelada.')} isPending={p.pending === 'CANCELLED'}>Cancelar visita</Button> : null}
            </div>
          ) : null}
          {scheduler && v.status === 'CONFIRMED_SCHEDULE' && new Date(v.schedule) > new Date() ? <p className={css.muted}>O horário ainda não chegou: registrar agora confirma que a equipe foi antes.</p> : null}
        </>
      ) : null}
    </Panel>
  );
}

export function FinalProposalPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const sales = hasRole(roles, ['sales']);
  const [form, setForm] = useState({ power_kwp: '', price: '', module_brand: '', module_warranty: '', inverter_brand: '', inverter_warranty: '' });
  const p = usePanel(useCallback(async () => null, []));
  if (!sales) return null;
  const num = (s: string) => { const n = Number(s.replace(/\./g, '').replace(',', '.')); return s.trim() && Number.isFinite(n) ? n : undefined; };
  const field = (key: keyof typeof form, label: string, description?: string) => (
    <TextField label={label} value={form[key]} onChange={(v) => setForm((f) => ({ ...f, [key]: v }))} description={description} />
  );
  const publish = () => void p.act('publish', () => api.publishFinalProposal(customerId, Object.fromEntries(Object.entries({
    power_kwp: num(form.power_kwp), price: num(form.price), module_brand: form.module_brand.trim() || undefined, module_warranty: num(form.module_warranty),
    inverter_brand: form.inverter_brand.trim() || undefined, inverter_warranty: num(form.inverter_warranty),
  }).filter(([, x]) => x !== undefined))), 'Proposta final publicada. O cliente foi avisado.', onChanged);
  return (
    <Panel id="final-title" title="Proposta final" error={p.error} done={p.done}>
      <p className={css.muted}>Depois da visita aprovada. Campos em branco seguem o dimensionamento pela conta de luz.</p>
      <div className={css.formGrid}>
        {field('power_kwp', 'Potência (kWp)')}
        {field('price', 'Preço (R$)')}
        {field('module_brand', 'Marca dos módulos')}
        {field('module_warranty', 'Garantia dos módulos (anos)')}
        {field('inverter_brand', 'Marca do inversor')}
        {field('inverter_warranty', 'Garantia do inversor (anos)')}
      </div>
      <div className={css.actions}><Button onPress={publish} isPending={p.pending === 'publish'}>Publicar proposta final</Button></div>
    </Panel>
  );
}

const FINANCING_LABEL = { NOT_REQUESTED: 'não pedido', IN_EVALUATION: 'em avaliação', APPROVED: 'aprovado', DENIED: 'negado' } as const;

export function PaymentPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.payment(customerId), [api, customerId]));
  const [note, setNote] = useState('');
  const sales = hasRole(roles, ['sales']);
  const d = p.data;
  const decide = (status: 'IN_EVALUATION' | 'APPROVED' | 'DENIED') =>
    void p.act(status, () => api.decideFinancing(customerId, { status, note: note.trim() || null }), `Financiamento: ${FINANCING_LABEL[status]}.`, onChanged);
  return (
    <Panel id="payment-title" title="Pagamento" error={p.error} done={p.done}>
      {!d ? <p role="status">Carregando…</p> : (
        <>
          <p>Forma: {d.payment_type === 'FINANCING' ? 'financiamento' : d.payment_type === 'CASH_PURCHASE' ? 'à vista (boleto)' : '—'} · Financiamento: <strong>{FINANCING_LABEL[d.financing.status]}</strong>
            {d.invoice ? <> · Boleto: <strong>{d.invoice.invoice_status}</strong>, R$ {d.invoice.total.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}, vence {d.invoice.due_date}</> : null}</p>
          {sales && d.payment_type === 'FINANCING' ? (
            <>
              <TextField label="Nota interna (banco, motivo)" value={note} onChange={setNote} description="Não aparece para o cliente." />
              <div className={css.actions}>
                {d.financing.status !== 'IN_EVALUATION' ? <Button variant="secondary" onPress={() => decide('IN_EVALUATION')} isPending={p.pending === 'IN_EVALUATION'}>Em avaliação</Button> : null}
                <Button onPress={() => decide('APPROVED')} isPending={p.pending === 'APPROVED'}>Aprovar financiamento</Button>
                <Button variant="secondary" onPress={() => decide('DENIED')} isPending={p.pending === 'DENIED'}>Negar financiamento</Button>
              </div>
            </>
          ) : null}
          {sales && d.invoice?.invoice_status === 'PENDING' ? (
            <div className={css.actions}>
              <Button onPress={() => void p.act('paid', () => api.reconcileInvoice(customerId, { invoice_status: 'PAID' }), 'Boleto marcado como pago.', onChanged)} isPending={p.pending === 'paid'}>Marcar boleto como pago</Button>
            </div>
          ) : null}
        </>
      )}
    </Panel>
  );
}

export function ProjectPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.project(customerId), [api, customerId]));
  const [protocol, setProtocol] = useState('');
  const [message, setMessage] = useState('');
  const support = hasRole(roles, ['support']);
  const d = p.data;
  const next = d ? nextProjectStatus(d.project_status) : null;
  const advance = () => {
    if (!d || !next) return;
    const filing = protocol.trim() && isWithDistributor(next) ? { protocol: protocol.trim(), filed_on: new Date().toISOString().slice(0, 10), deadline_unit: 'CALENDAR' as const } : undefined;
    void p.act('advance', () => api.changeProjectStatus(customerId, { status: next, version: d.version, ...(filing ? { filing } : {}) }), `Projeto: ${projectLabel(next)}.`, () => { setProtocol(''); onChanged(); });
  };
  return (
    <Panel id="project-title" title="Projeto" error={p.error} done={p.done}>
      {!d ? <p role="status">Carregando…</p> : (
        <>
          <ol className={css.steps} aria-label="Status do projeto">
            {PROJECT_STATUSES.map((s) => (
              <li key={s} aria-current={s === d.project_status ? 'step' : undefined} className={s === d.project_status ? css.stepCurrent : undefined}>{projectLabel(s)}</li>
            ))}
          </ol>
          {support && next ? (
            <>
              {isWithDistributor(next) ? <TextField label="Protocolo na distribuidora (opcional)" value={protocol} onChange={setProtocol} /> : null}
              <div className={css.actions}><Button onPress={advance} isPending={p.pending === 'advance'}>{`Avançar para: ${projectLabel(next)}`}</Button></div>
            </>
          ) : null}
          {support ? (
            <>
              <TextField label="Mensagem no mural do cliente" value={message} onChange={setMessage} />
              <div className={css.actions}>
                <Button variant="secondary" isDisabled={!message.trim()} isPending={p.pending === 'message'}
                  onPress={() => void p.act('message', () => api.postProjectMessage(customerId, message), 'Mensagem publicada no mural.', () => { setMessage(''); onChanged(); })}>Publicar no mural</Button>
              </div>
            </>
          ) : null}
        </>
      )}
    </Panel>
  );
}
