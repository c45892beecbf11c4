import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { reducedMotion, up } from '../../theme/media';

const slideIn = keyframes({ from: { transform: 'translateY(-8px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

const regionBase = style({
  position: 'fixed',
  top: vars.space.lg,
  left: vars.space.lg,
  right: vars.space.lg,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: vars.shadow.focus } },
});

export const region = styleVariants({
  'top-right': [regionBase, { '@media': { [up.sm]: { left: 'auto', width: 380 } } }],
  'top-left': [regionBase, { '@media': { [up.sm]: { right: 'auto', width: 380 } } }],
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  borderLeft: '6px solid transparent',
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
  outline: 'none',
  animation: `${slideIn} ${vars.duration.normal} ease-out`,
  selectors: { '&[data-focus-visible]': { boxShadow: `${vars.shadow.focus}, ${vars.shadow.lg}` } },
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const tone = styleVariants({
  error: { borderLeftColor: vars.color.danger, background: vars.color.dangerSoft },
  success: { borderLeftColor: vars.color.success, background: vars.color.successSoft },
  info: { borderLeftColor: vars.color.brand },
});

export const icon = style({ flexShrink: 0, marginTop: 2 });
export const iconTone = styleVariants({
  error: { color: vars.color.danger },
  success: { color: vars.color.success },
  info: { color: vars.color.brand },
});

export const content = style({ flex: 1, minWidth: 0, paddingTop: 1, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, lineHeight: vars.lineHeight.snug });

export const close = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(0,0,0,0.06)', color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
  },
});
