import { style } from '@vanilla-extract/css';
import { vars } from '../../../../theme/theme.css';

export const wrap = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minHeight: 64 });

// The widget is themed through its CSS variables so it matches our fields.
export const widget = style({
  vars: {
    '--altcha-border-radius': vars.radius.md,
    '--altcha-border-color': vars.color.borderStrong,
    '--altcha-border-width': '1.5px',
    '--altcha-color-base': vars.color.surface,
    '--altcha-color-base-content': vars.color.text,
    '--altcha-color-primary': vars.color.brand,
    '--altcha-color-primary-content': vars.color.brandContrast,
    '--altcha-color-success': vars.color.success,
    '--altcha-color-error': vars.color.danger,
    '--altcha-max-width': '100%',
    '--altcha-checkbox-size': '22px',
  },
  display: 'block',
  width: '100%',
});

// Until the widget's code is here (and in tests, its stub): its box, checkbox and label as the
// widget draws them (53 px high, inside the wrap's 64), so nothing moves when it takes over.
export const standInHolder = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const standIn = style({
  display: 'flex',
  alignItems: 'center',
  height: 53,
  padding: `0 ${vars.space.md}`,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
});

export const standInLabel = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer', minHeight: 44 });

export const standInBox = style({ width: 22, height: 22, margin: 0, accentColor: vars.color.brand, cursor: 'pointer' });
