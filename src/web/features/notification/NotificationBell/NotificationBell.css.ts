import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';
import { iconTarget } from '../../../theme/a11y.css';

export const bell = style([iconTarget, {
  position: 'relative',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.brand,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-pressed]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
  },
}]);

export const badge = style({
  position: 'absolute',
  top: 4,
  right: 2,
  minWidth: 20,
  height: 20,
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#fff',
  fontSize: '0.75rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '20px',
  textAlign: 'center',
  boxShadow: `0 0 0 2px ${vars.color.background}`,
});

export const popover = style({
  width: 'min(380px, calc(100vw - 24px))',
  maxHeight: 'min(70vh, 520px)',
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({ outline: 'none', padding: `${vars.space.lg} 0 ${vars.space.sm}` });

export const title = style({
  margin: `0 ${vars.space.lg} ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({ borderTop: `1px solid ${vars.color.border}` });
export const unread = style({ background: vars.color.accentSoft });

export const itemButton = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 0,
  background: 'transparent',
  font: 'inherit',
  textAlign: 'left',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(11, 77, 58, 0.05)' },
    '&[data-focus-visible]': { boxShadow: `inset ${vars.shadow.focus}` },
  },
});

const dotBase = style({ flexShrink: 0, width: 10, height: 10, marginTop: 6, borderRadius: vars.radius.pill });
export const dot = style([dotBase, { background: vars.color.accentStrong }]);
export const dotSpace = dotBase;

export const itemText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const messageClamped = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
});
export const messageOpen = style({ fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body });

export const meta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const itemActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.md, padding: `0 ${vars.space.lg} ${vars.space.sm}` });
