import { useCallback, useEffect, useState } from 'react';
import { hasRole } from '#shared/staff/roles';
import { previewFinalProposal, staffProposals } from '#shared/proposal/endpoints';
import type { FinalProposalRequest } from '#shared/proposal/payloads';
import { proposalCards, proposalDetailRows, type Proposal } from '#shared/proposal/rules';
import { parseTypedNumber } from '#shared/money';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';

type Form = Record<'power_kwp' | 'price' | 'module_brand' | 'module_warranty' | 'inverter_brand' | 'inverter_warranty' | 'structure_type' | 'structure_warranty', string>;

const EMPTY: Form = { power_kwp: '', price: '', module_brand: '', module_warranty: '', inverter_brand: '', inverter_warranty: '', structure_type: '', structure_warranty: '' };

/** A number as typed in pt-BR ('15.990,50'), or undefined when blank or not a number (the server then says what is wrong). */
const num = (s: string): number | undefined => parseTypedNumber(s) ?? undefined;

/** The form as the request: blank fields left out (they follow the sizing from the bill). */
function requestOf(form: Form): FinalProposalRequest {
  const text = (s: string) => s.trim() || undefined;
  const all = {
    power_kwp: num(form.power_kwp), price: num(form.price),
    module_brand: text(form.module_brand), module_warranty: num(form.module_warranty),
    inverter_brand: text(form.inverter_brand), inverter_warranty: num(form.inverter_warranty),
    structure_type: text(form.structure_type), structure_warranty: num(form.structure_warranty),
  };
  return Object.fromEntries(Object.entries(all).filter(([, x]) => x !== undefined)) as FinalProposalRequest;
}

/** A proposal's figures as the customer reads them (the shared rules format them for the screen and the PDF alike). */
function Figures({ proposal, label }: { proposal: Proposal; label: string }) {
  const rows = [...proposalCards(proposal), ...proposalDetailRows(proposal)];
  const seen = new Set<string>();
  return (
    <dl className={css.facts} aria-label={label}>
      {rows.filter((r) => (seen.has(r.label) ? false : (seen.add(r.label), true))).map((r) => (
        <div key={r.label} style={{ display: 'contents' }}>
          <dt>{r.label}</dt>
          <dd style={{ margin: 0 }}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Sales publish the FINAL proposal after the visit: the form (power, price, modules, inverter,
 * structure, brands and warranties) beside the initial proposal the customer approved and the
 * technician's notes from the visit, and a
 * preview of what the customer will read, figures and PDF, computed by the server exactly as
 * publishing computes them. Blank fields follow the sizing from the bill.
 */
export function FinalProposalPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const sales = hasRole(roles, ['sales']);
  const [form, setForm] = useState<Form>(EMPTY);
  const [preview, setPreview] = useState<Proposal | null>(null);
  const [previewing, setPreviewing] = useState<'figures' | 'pdf' | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const p = usePanel(useCallback(async () => {
    const [proposals, visit] = await Promise.all([api.call(staffProposals, { params: { id: customerId } }), api.visit(customerId)]);
    return { proposals: proposals.data.data, visit };
  }, [api, customerId]));
  useEffect(() => () => { if (pdfUrl) URL.revokeObjectURL(pdfUrl); }, [pdfUrl]);
  if (!sales) return null;
  const initial = p.data?.proposals.filter((x) => x.type === 'INITIAL').at(-1) ?? null;
  const published = p.data?.proposals.filter((x) => x.type === 'FINAL').at(-1) ?? null;
  const visit = p.data?.visit ?? null;

  const edit = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // the preview was of other figures
    setPreview(null);
    setPdfUrl(null);
  };
  const field = (key: keyof Form, label: string, inputMode?: 'decimal' | 'numeric') => (
    <TextField label={label} value={form[key]} onChange={edit(key)} inputMode={inputMode} />
  );
  const showFigures = async () => {
    setPreviewing('figures');
    setPreviewError(null);
    try {
      setPreview((await api.call(previewFinalProposal, { params: { id: customerId }, json: requestOf(form) })).data.data);
    } catch (e) {
      setPreviewError((e as Error).message);
    } finally {
      setPreviewing(null);
    }
  };
  const showPdf = async () => {
    setPreviewing('pdf');
    setPreviewError(null);
    try {
      const blob = await api.postForFile(`/admin/customers/${customerId}/proposal/final/preview/pdf`, requestOf(form));
      setPdfUrl(URL.createObjectURL(blob));
    } catch (e) {
      setPreviewError((e as Error).message);
    } finally {
      setPreviewing(null);
    }
  };
  const publish = () => void p.act('publish', () => api.publishFinalProposal(customerId, requestOf(form)), 'Proposta final publicada. O cliente foi avisado.', onChanged);

  return (
    <Panel id="final-title" title="Proposta final" error={p.error} done={p.done}>
      <p className={css.muted}>Depois da visita aprovada. Campos em branco seguem o dimensionamento pela conta de luz.</p>
      <div className={css.twoColumns}>
        <section aria-labelledby="final-initial-title">
          <h3 id="final-initial-title" className={css.subheading}>Proposta inicial (aprovada pelo cliente)</h3>
          {initial ? <Figures proposal={initial} label="Proposta inicial" /> : <p className={css.muted}>{p.loaded ? 'Sem proposta inicial.' : 'Carregando…'}</p>}
          {published ? <p className={css.muted}>Já há uma proposta final publicada; publicar de novo a substitui para o cliente.</p> : null}
          <h3 className={css.subheading}>Visita técnica</h3>
          {visit ? (
            <p aria-label="Observações da visita técnica">{visit.notes ? visit.notes : 'A equipe não deixou observações da visita.'}</p>
          ) : <p className={css.muted}>{p.loaded ? 'Sem visita registrada.' : 'Carregando…'}</p>}
        </section>
        <section aria-labelledby="final-form-title">
          <h3 id="final-form-title" className={css.subheading}>Valores da proposta final</h3>
          <div className={css.formGrid}>
            {field('power_kwp', 'Potência (kWp)', 'decimal')}
            {field('price', 'Preço (R$)', 'decimal')}
            {field('module_brand', 'Marca dos módulos')}
            {field('module_warranty', 'Garantia dos módulos (anos)', 'numeric')}
            {field('inverter_brand', 'Marca do inversor')}
            {field('inverter_warranty', 'Garantia do inversor (anos)', 'numeric')}
            {field('structure_type', 'Tipo de estrutura')}
            {field('structure_warranty', 'Garantia da estrutura (anos)', 'numeric')}
          </div>
          <div className={css.actions}>
            <Button variant="secondary" onPress={() => void showFigures()} isPending={previewing === 'figures'}>Pré-visualizar</Button>
            <Button variant="secondary" onPress={() => void showPdf()} isPending={previewing === 'pdf'}>Gerar PDF de pré-visualização</Button>
            <Button onPress={publish} isPending={p.pending === 'publish'}>Publicar proposta final</Button>
          </div>
          {previewError ? <p role="alert" className={css.late}>{previewError}</p> : null}
          {pdfUrl ? <p><a href={pdfUrl} target="_blank" rel="noopener noreferrer">Abrir o PDF como o cliente o receberá</a></p> : null}
        </section>
      </div>
      {preview ? (
        <section aria-labelledby="final-preview-title" className={css.card}>
          <h3 id="final-preview-title" className={css.subheading}>Como o cliente verá</h3>
          <Figures proposal={preview} label="Pré-visualização da proposta final" />
        </section>
      ) : null}
    </Panel>
  );
}
