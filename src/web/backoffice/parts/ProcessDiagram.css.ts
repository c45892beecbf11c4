import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const box = style({ maxHeight: '70vh', overflow: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: '#fff' });
export const current = style({});
export const visited = style({});
globalStyle(`${box} svg`, { display: 'block', maxWidth: 'none', height: 'auto' });
// the state the customer is in: the brand's amber, thick outline; passed through: a soft green
globalStyle(`${current} > path, ${current} > polygon, ${current} > ellipse`, { fill: vars.color.accent, stroke: vars.color.brandStrong, strokeWidth: 4 });
globalStyle(`${visited} > path, ${visited} > polygon, ${visited} > ellipse`, { fill: vars.color.brandSoft, stroke: vars.color.brand, strokeWidth: 2 });
