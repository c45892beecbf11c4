import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { up } from '../../theme/media';
import { iconTarget } from '../../theme/a11y.css';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.background });

/** Phones up to this width get the compact header (a 390 px phone fits the brand and the button, one line each). */
const compactHeader = 'screen and (max-width: 420px)';

export const header = style({
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.xl}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  // the brand name and 'Acessar o portal' never break inside; on the narrowest phones the button goes below
  whiteSpace: 'nowrap',
  flexWrap: 'wrap',
  '@media': { [compactHeader]: { padding: `${vars.space.lg} ${vars.space.lg}`, gap: vars.space.sm } },
});

/** The logo one step smaller on phones. */
export const brand = style({});
globalStyle(`${header} ${brand}`, { '@media': { [compactHeader]: { fontSize: '1.125rem' } } });
/** 'Acessar o portal' a little narrower on phones (a 360 px phone still fits both on one row). */
export const portalButton = style({});
globalStyle(`${header} ${portalButton}`, { '@media': { [compactHeader]: { paddingLeft: vars.space.md, paddingRight: vars.space.md } } });

export const homeButton = style({
  display: 'inline-flex',
  border: 0,
  padding: 0,
  background: 'transparent',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: vars.shadow.focus } },
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space.xxxl,
  alignItems: 'center',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.huge}`,
  '@media': {
    [up.lg]: { gridTemplateColumns: '1fr 1fr' },
    // in line with the compact header
    [compactHeader]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.huge}` },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl, alignItems: 'flex-start' });
export const eyebrow = style({ color: vars.color.warning, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, textTransform: 'uppercase', letterSpacing: '0.08em' });
export const title = style({ fontSize: vars.fontSize.display, color: vars.color.brandStrong, letterSpacing: '-0.025em', maxWidth: '16ch' });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '40ch' });

export const features = style({ listStyle: 'none', display: 'grid', gap: vars.space.md });
export const feature = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', fontWeight: vars.fontWeight.medium });
export const featureIcon = style({ flexShrink: 0, color: vars.color.success });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const badge = style({
  display: 'inline-flex',
  borderRadius: vars.radius.md,
  outline: 'none',
  transition: `transform ${vars.duration.fast}`,
  selectors: {
    '&:hover': { transform: 'translateY(-1px)' },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
});
export const badgeImage = style({ height: 52, width: 'auto' });

export const phone = style({
  justifySelf: 'center',
  width: 'min(300px, 80vw)',
  aspectRatio: '9 / 18',
  padding: 14,
  borderRadius: 44,
  background: '#13241f',
  boxShadow: vars.shadow.lg,
});

export const screen = style({
  width: '100%',
  height: '100%',
  borderRadius: 32,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: `linear-gradient(180deg, ${vars.color.brand} 0%, ${vars.color.brand} 34%, ${vars.color.background} 34%)`,
  color: vars.color.textOnDark,
});

export const screenTitle = style({ fontSize: vars.fontSize.sm, color: vars.color.textOnDarkMuted, marginTop: vars.space.lg });
export const screenFigure = style({ fontSize: '2rem', fontWeight: vars.fontWeight.bold, lineHeight: 1.1 });
export const screenCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  fontSize: vars.fontSize.xs,
});
export const screenCardValue = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, color: vars.color.brand });
export const bars = style({ display: 'flex', alignItems: 'flex-end', gap: 6, height: 60 });
export const bar = style({ flex: 1, borderRadius: 4, background: vars.color.accent });
/** A week of generation, drawn as bars (decorative). */
export const barHeights = [40, 55, 48, 70, 62, 85, 78].map((h) => style({ height: `${h}%` }));

export const socialList = style({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const socialLink = style([iconTarget, {
  borderRadius: vars.radius.pill,
  background: 'rgba(255, 255, 255, 0.1)',
  color: vars.color.textOnDark,
  selectors: {
    '&:hover': { background: vars.color.accent, color: vars.color.accentContrast },
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.sun}` },
  },
}]);
