import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The staff reschedule form: the date picker, the slots, the buttons. */
export const form = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const group = style({
  display: 'flex', alignItems: 'center', gap: vars.space.sm, width: '100%', maxWidth: 280, minHeight: 50,
  padding: `0 ${vars.space.xs} 0 ${vars.space.lg}`, border: `1.5px solid ${vars.color.borderStrong}`, borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[data-focus-within]': { borderColor: vars.color.brand, boxShadow: vars.shadow.focus },
    '&[data-invalid]': { borderColor: vars.color.danger },
  },
});

export const dateInput = style({ display: 'flex', flex: 1, fontSize: vars.fontSize.md, color: vars.color.text });

export const segment = style({
  padding: `0 ${vars.space.xxs}`, borderRadius: vars.radius.sm, outline: 'none', fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { padding: 0 },
    '&[data-focused]': { background: vars.color.brand, color: vars.color.brandContrast },
  },
});

export const open = style({
  width: 44, height: 44, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0,
  border: 0, borderRadius: vars.radius.sm, background: 'transparent', color: vars.color.brand, cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1 },
  },
});

export const popover = style({
  background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg, padding: vars.space.md, outline: 'none', maxWidth: 'calc(100vw - 16px)',
});

export const dialog = style({ outline: 'none' });
