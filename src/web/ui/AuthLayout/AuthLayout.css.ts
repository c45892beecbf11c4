import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { narrow } from '../../theme/media';

export const root = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)',
  gridTemplateAreas: '"panel form"',
  background: vars.color.background,
  // Spec §2: two columns on wide screens, swapped at 768 px or narrower (the form comes first).
  '@media': {
    [narrow.md]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"form" "panel"' },
  },
});

const panelBase = style({
  gridArea: 'panel',
  position: 'relative',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  gap: vars.space.xxl,
  padding: `${vars.space.xxxl} clamp(24px, 5vw, 72px)`,
  color: vars.color.textOnDark,
  '@media': { [narrow.md]: { padding: `${vars.space.xxl} ${vars.space.xl}`, gap: vars.space.xl } },
});

// Background variants: a crisp sun with faint light rings over deep green for people, over a
// cooler navy-green for companies. (A soft amber glow over green turns olive, so the sun is solid.)
const sunAndRings = (x: string, y: string) =>
  `radial-gradient(circle at ${x} ${y}, ${vars.color.sun} 0 56px, rgba(255, 200, 61, 0.18) 57px 64px, transparent 65px),
   radial-gradient(circle at ${x} ${y}, transparent 0 150px, rgba(255, 255, 255, 0.05) 151px 230px, transparent 231px 330px, rgba(255, 255, 255, 0.035) 331px 440px, transparent 441px)`;

export const panel = styleVariants({
  personal: [panelBase, { background: `${sunAndRings('88%', '10%')}, linear-gradient(160deg, ${vars.color.brand} 0%, ${vars.color.brandStrong} 100%)` }],
  business: [panelBase, { background: `${sunAndRings('88%', '10%')}, linear-gradient(150deg, #0e3b4a 0%, #0a2b26 100%)` }],
});

export const panelTop = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl, '@media': { [narrow.md]: { gap: vars.space.lg } } });
export const panelLogo = style({ '@media': { [narrow.md]: { display: 'none' } } });

export const promiseTitle = style({
  fontSize: 'clamp(1.75rem, 1.1rem + 2.2vw, 2.75rem)',
  lineHeight: vars.lineHeight.tight,
  maxWidth: '16ch',
  '@media': { [narrow.md]: { fontSize: vars.fontSize.xl, maxWidth: 'none' } },
});

export const promiseText = style({ fontSize: vars.fontSize.lg, color: vars.color.textOnDarkMuted, maxWidth: '34ch', '@media': { [narrow.md]: { fontSize: vars.fontSize.md } } });

export const highlights = style({ listStyle: 'none', display: 'grid', gap: vars.space.md });
export const highlight = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, fontWeight: vars.fontWeight.semibold });
export const highlightIcon = style({ flexShrink: 0, color: vars.color.sun });

export const panelAction = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const formColumn = style({
  gridArea: 'form',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.space.xxxl} ${vars.space.xl}`,
  '@media': { [narrow.md]: { justifyContent: 'flex-start', padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` } },
});

export const formInner = style({ width: '100%', maxWidth: 460, display: 'flex', flexDirection: 'column', gap: vars.space.xl });

// On phones the brand panel sits below the form, so the logo leads the form column instead.
export const mobileLogo = style({ display: 'none', '@media': { [narrow.md]: { display: 'block', paddingBottom: vars.space.sm } } });

export const wideOnly = style({ '@media': { [narrow.md]: { display: 'none' } } });
export const homeButton = style({
  display: 'inline-flex',
  border: 0,
  padding: 0,
  background: 'transparent',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
    // on the dark green panel the blue ring is hard to see: a solid amber one there
    [`${panelLogo} &[data-focus-visible]`]: { boxShadow: `0 0 0 3px ${vars.color.accent}` },
  },
});

