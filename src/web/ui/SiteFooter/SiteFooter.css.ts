import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const footer = style({
  background: vars.color.brandStrong,
  color: vars.color.textOnDark,
  padding: `${vars.space.xxxl} ${vars.space.xl} ${vars.space.xxl}`,
});

export const inner = style({
  maxWidth: 1200,
  margin: '0 auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxl} ${vars.space.xxxl}`,
});

export const column = style({ flex: '1 1 160px' });

export const about = style({ flex: '2 1 260px', display: 'flex', flexDirection: 'column', gap: vars.space.md, color: vars.color.textOnDarkMuted, maxWidth: '36ch' });

export const heading = style({ fontSize: vars.fontSize.sm, textTransform: 'uppercase', letterSpacing: '0.08em', color: vars.color.sun, marginBottom: vars.space.md });

export const list = style({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const link = style({
  color: vars.color.textOnDark,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '3px' },
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.sun}` },
  },
});

export const bottom = style({
  maxWidth: 1200,
  margin: `${vars.space.xxl} auto 0`,
  paddingTop: vars.space.xl,
  borderTop: '1px solid rgba(255, 255, 255, 0.14)',
  fontSize: vars.fontSize.xs,
  color: vars.color.textOnDarkMuted,
});

export const extra = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
