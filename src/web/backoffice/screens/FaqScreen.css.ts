import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The FAQ screen: the questions in order, and the form with the answer's editor and its preview. */
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm, counterReset: 'faq' });
export const item = style({
  display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm,
  '@media': { 'screen and (max-width: 700px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const itemEditing = style({ borderColor: vars.color.brand, background: vars.color.brandSoft });
export const itemQuestion = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const itemActions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const form = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });
export const confirm = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap', gridColumn: '1 / -1', margin: 0 });

/** The editor: a labelled toolbar above a bordered writing area that looks like the portal's fields. */
export const editorField = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const editorLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const editorBox = style({
  border: `1.5px solid ${vars.color.borderStrong}`, borderRadius: vars.radius.md, background: vars.color.surface, minWidth: 0,
  selectors: { '&:focus-within': { borderColor: vars.color.brand, boxShadow: vars.shadow.focus } },
});
export const editorBoxInvalid = style({ borderColor: vars.color.danger });
export const toolbar = style({
  display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`, background: vars.color.surfaceSunken, borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
});
export const tool = style({
  minWidth: 40, minHeight: 40, padding: `0 ${vars.space.sm}`, border: `1px solid transparent`, borderRadius: vars.radius.sm,
  background: 'transparent', color: vars.color.text, font: 'inherit', fontSize: vars.fontSize.sm, cursor: 'pointer',
  display: 'inline-flex', alignItems: 'center', gap: vars.space.xs,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': { background: vars.color.brand, color: vars.color.brandContrast },
    '&[data-focus-visible]': { outline: 'none', boxShadow: vars.shadow.focus },
  },
});
export const toolGlyph = style({ fontWeight: vars.fontWeight.bold, minWidth: '1em', textAlign: 'center' });
export const writing = style({
  minHeight: 160, maxHeight: '50vh', overflowY: 'auto', padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.body, outline: 'none', overflowWrap: 'anywhere',
});
globalStyle(`${writing} p`, { margin: `${vars.space.xs} 0` });
globalStyle(`${writing} ul, ${writing} ol`, { paddingLeft: vars.space.xl, margin: `${vars.space.xs} 0` });
globalStyle(`${writing} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
export const linkForm = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap', padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const linkField = style({ flex: '1 1 220px', minWidth: 0 });
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const fieldError = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.danger });

/** The preview: the answer in a frame like the customer's FAQ dialog. */
export const preview = style({
  border: `1px dashed ${vars.color.borderStrong}`, borderRadius: vars.radius.md, padding: vars.space.lg, background: vars.color.background, minWidth: 0, overflowWrap: 'anywhere',
});
export const previewQuestion = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
/** the dialog's answer has side padding of its own, inside its expandable card */
export const previewAnswer = style({ selectors: { [`${preview} &`]: { padding: 0 } } });

/** A toolbar button's words: on a phone only its glyph shows, the words stay for screen readers. */
export const toolText = style({
  '@media': {
    'screen and (max-width: 600px)': {
      position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0,
    },
  },
});


/** Coverage: a row's cells centred on its buttons; on a phone each state is a block (name, franchisee, actions) instead of a sideways-scrolling row. */
const PHONE = 'screen and (max-width: 640px)';
export const filter = style({ maxWidth: 420 });
export const coverageTable = style({});
globalStyle(`${coverageTable} td, ${coverageTable} th[scope="row"]`, { verticalAlign: 'middle' });
globalStyle(`${coverageTable} thead`, {
  '@media': { [PHONE]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' } },
});
globalStyle(`${coverageTable} tr`, {
  '@media': { [PHONE]: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)', alignItems: 'center', borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` } },
});
globalStyle(`${coverageTable} td, ${coverageTable} th`, {
  '@media': { [PHONE]: { display: 'block', borderBottom: 0, padding: `${vars.space.xs} ${vars.space.sm}` } },
});
globalStyle(`${coverageTable} td:last-child`, { '@media': { [PHONE]: { gridColumn: '1 / -1' } } });
/** the franchisee's cell while it is being edited: the whole width of a phone */
export const wideOnPhone = style({ '@media': { [PHONE]: { gridColumn: '1 / -1' } } });
/** the page's title, its lead and the status line of the last change, close together */
export const header = style({ display: 'grid', gap: vars.space.sm });
export const status = style({ margin: 0, color: vars.color.success, fontWeight: vars.fontWeight.semibold });
