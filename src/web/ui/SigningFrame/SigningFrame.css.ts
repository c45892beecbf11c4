import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const frame = style({ width: '100%', height: 580, border: 0, borderRadius: vars.radius.md, background: vars.color.surface });
