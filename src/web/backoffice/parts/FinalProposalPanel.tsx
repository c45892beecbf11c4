import { useState, useCallback } from 'react';
import { hasRole } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';

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
