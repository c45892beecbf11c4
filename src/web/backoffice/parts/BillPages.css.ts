import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const frame = style({
  position: 'relative',
  maxHeight: '75vh',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});

export const page = style({ position: 'relative', margin: '0 auto 8px', lineHeight: 0 });

export const drawing = style({ display: 'block', width: '100%', height: 'auto' });

/** The evidence of the field chosen: a box the reviewer's eye finds at once. */
export const mark = style({
  position: 'absolute',
  outline: `3px solid ${vars.color.warning}`,
  background: 'rgba(255, 196, 0, 0.25)',
  borderRadius: 2,
  pointerEvents: 'none',
});

export const tools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', marginBottom: vars.space.sm });
