import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { narrow, up } from '../../theme/media';
import { BENEFITS_CAROUSEL_BELOW_PX, INFO_CAROUSEL_BELOW_PX } from './parts/carouselWidths';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.background });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.xl}`,
  // logo and 'Já sou cliente' each stay on one line on a 390 px phone (narrower: the link goes below)
  whiteSpace: 'nowrap',
  flexWrap: 'wrap',
  '@media': { 'screen and (max-width: 420px)': { padding: `${vars.space.lg} ${vars.space.lg}`, gap: vars.space.sm } },
});

export const loginLink = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.brandStrong, textDecorationThickness: '2px' },
    '&:focus-visible': { boxShadow: vars.shadow.focus },
  },
});

export const hero = style({
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space.xxl,
  alignItems: 'center',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxxl}`,
  '@media': {
    [up.lg]: { gridTemplateColumns: '1.1fr 0.9fr', padding: `${vars.space.xxxl} ${vars.space.xl} ${vars.space.huge}` },
  },
});

export const heroText = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xl });

export const eyebrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const title = style({
  fontSize: vars.fontSize.display,
  letterSpacing: '-0.025em',
  color: vars.color.brandStrong,
  maxWidth: '18ch',
});

export const titleAccent = style({
  color: vars.color.brand,
  backgroundImage: `linear-gradient(transparent 68%, ${vars.color.sun} 68%, ${vars.color.sun} 92%, transparent 92%)`,
});

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '38ch' });

export const ctaRow = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  '@media': { [narrow.sm]: { alignSelf: 'stretch', alignItems: 'stretch' } },
});

export const ctaNote = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const art = style({
  width: '100%',
  maxWidth: 520,
  justifySelf: 'center',
  height: 'auto',
  '@media': { [narrow.md]: { maxWidth: 380 } },
});

export const section = style({
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.xl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  scrollMarginTop: vars.space.xl,
});

export const sectionTitle = style({ fontSize: vars.fontSize.xxl, color: vars.color.brandStrong, letterSpacing: '-0.015em' });
export const sectionLead = style({ color: vars.color.textMuted, maxWidth: '60ch', fontSize: vars.fontSize.md });

/** A grid from 750 px (below it the benefits are a carousel: parts/Carousel.css.ts lays them out). */
export const benefits = style({
  listStyle: 'none',
  gap: vars.space.lg,
  '@media': {
    [`screen and (min-width: ${BENEFITS_CAROUSEL_BELOW_PX}px)`]: { display: 'grid' },
    [up.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const cardFigure = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.brand, lineHeight: 1.1 });
export const cardTitle = style({ fontSize: vars.fontSize.lg, color: vars.color.text });
export const cardText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const band = style({ background: vars.color.brandSoft });

/** Four columns from 1100 px (below it the info cards are a carousel: parts/Carousel.css.ts lays them out). */
export const steps = style({
  listStyle: 'none',
  counterReset: 'step',
  gap: vars.space.lg,
  '@media': { [`screen and (min-width: ${INFO_CAROUSEL_BELOW_PX}px)`]: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)' } },
});

export const stepItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentContrast,
  fontWeight: vars.fontWeight.bold,
});

export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [up.md]: { gridTemplateColumns: '1fr 1fr', alignItems: 'center' } },
});

export const closing = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
  padding: vars.space.xxl,
  borderRadius: vars.radius.xl,
  background: `linear-gradient(120deg, ${vars.color.brand} 0%, ${vars.color.brandStrong} 100%)`,
  borderLeft: `6px solid ${vars.color.accent}`,
  color: vars.color.textOnDark,
});

export const closingTitle = style({ fontSize: vars.fontSize.xl });
export const closingText = style({ color: vars.color.textOnDarkMuted });
