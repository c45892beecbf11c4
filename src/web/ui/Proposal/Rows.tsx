import * as s from './Proposal.css';

/** Label and value rows of a proposal (figures, equipment). */
export function Rows({ rows, label, wrap }: { rows: { label: string; value: string }[]; label?: string; /** long values wrap (equipment) */ wrap?: boolean }) {
  return (
    <dl className={s.rows} aria-label={label}>
      {rows.map((r) => (
        <div key={r.label} className={s.row}>
          <dt className={s.rowLabel}>{r.label}</dt>
          <dd className={wrap ? s.rowValueWrap : s.rowValue}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
