import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xl });
export const title = style({ fontSize: vars.fontSize.xxl, color: vars.color.text, margin: 0 });
export const text = style({ color: vars.color.textMuted, margin: 0 });
