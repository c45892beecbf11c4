import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The back-office's layout: a top bar and a content column that reads on a laptop and a tablet. */
export const shell = style({ minHeight: '100vh', background: vars.color.background, color: vars.color.text, fontFamily: vars.font.body });
export const bar = style({
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap',
  padding: `${vars.space.md} ${vars.space.xl}`, background: vars.color.brand, color: vars.color.textOnDark,
});
export const barTitle = style({ fontSize: '1.1rem', fontWeight: 700, margin: 0 });
export const barLink = style({ color: vars.color.textOnDark, background: 'none', border: 0, font: 'inherit', cursor: 'pointer', textDecoration: 'underline', padding: vars.space.xs });
export const main = style({ maxWidth: 1100, margin: '0 auto', padding: vars.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xl, '@media': { 'screen and (max-width: 600px)': { padding: vars.space.md } } });
export const narrowMain = style([main, { maxWidth: 460 }]);
/** A screen with a document beside a form (the bill review): the whole width of a laptop. */
export const wideMain = style([main, { maxWidth: 1440 }]);
export const card = style({ minWidth: 0, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.xl, display: 'grid', gap: vars.space.lg });
export const heading = style({ margin: 0, fontSize: '1.5rem' });
export const subheading = style({ margin: 0, fontSize: '1.15rem' });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const queues = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', listStyle: 'none', padding: 0, margin: 0 });
export const queueCard = style([card, { padding: vars.space.lg, gap: vars.space.xs }]);
export const count = style({ fontSize: '2rem', fontWeight: 700, margin: 0 });
export const late = style({ color: vars.color.danger, fontWeight: 600, margin: 0 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.95rem' });
export const cell = style({ textAlign: 'left', padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top', overflowWrap: 'break-word' });
export const rowButton = style({ background: 'none', border: 0, padding: 0, font: 'inherit', color: vars.color.brand, textDecoration: 'underline', cursor: 'pointer' });
export const twoColumns = style({ display: 'grid', gap: vars.space.xl, gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', alignItems: 'start' });
export const preview = style({ width: '100%', maxHeight: '70vh', objectFit: 'contain', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: vars.color.surfaceSunken });
export const qr = style({ width: 200, height: 200, background: '#fff', padding: vars.space.sm, borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}` });
export const secret = style({ fontFamily: vars.font.mono, letterSpacing: '0.1em', wordBreak: 'break-all', margin: 0 });
export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' });
export const confidenceLow = style({ color: vars.color.danger, fontWeight: 600 });
/** A field's evidence as a button that boxes it on the bill; positioned, so its hidden words stay inside the table's scroll box. */
export const evidenceButton = style([rowButton, { position: 'relative', textAlign: 'left' }]);
export const evidence = style({ minWidth: '14ch', fontFamily: vars.font.mono, fontSize: '0.85rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0, overflowWrap: 'anywhere' });
export const plainList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.md });
export const viewer = style({ overflow: 'auto', maxHeight: '70vh', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, marginTop: vars.space.sm });
export const formGrid = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' });
export const steps = style({ margin: 0, paddingLeft: vars.space.xl, display: 'grid', gap: vars.space.xs });
export const stepCurrent = style({ fontWeight: 700, color: vars.color.brand });
/** A table wider than a phone scrolls sideways inside its card (the page itself never does). */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%' });
