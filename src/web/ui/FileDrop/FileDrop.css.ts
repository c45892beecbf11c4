import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** the area takes the portal's field label, description and error styles; paragraphs lose their margin */
export const flush = style({ margin: 0 });
export const dropZone = style({
  display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: vars.space.sm, textAlign: 'center',
  border: `2px dashed ${vars.color.borderStrong}`, borderRadius: vars.radius.lg, padding: vars.space.xl, background: vars.color.surfaceSunken,
  color: vars.color.textMuted, outline: 'none',
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
/** "drag it here" means nothing on a touch screen: there the button alone */
export const dragHint = style({ '@media': { '(hover: none) and (pointer: coarse)': { display: 'none' } } });
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const fileRow = style({
  display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.success}`, borderRadius: vars.radius.md, background: vars.color.successSoft, color: vars.color.text,
});
export const fileName = style({ flex: 1, minWidth: 0, fontWeight: vars.fontWeight.medium, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const successIcon = style({ color: vars.color.success, flexShrink: 0 });
