import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const searchLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const count = style({ margin: `${vars.space.sm} 0`, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const entry = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const question = style({ margin: 0, fontSize: vars.fontSize.sm });

export const chevron = style({
  flexShrink: 0,
  transition: `transform ${vars.duration.normal}`,
  selectors: { [`${entry}[data-expanded] &`]: { transform: 'rotate(180deg)' } },
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  minHeight: 48,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'left',
  // the headings' balanced wrapping leaves short ragged lines in a narrow sheet
  textWrap: 'pretty',
  color: vars.color.brand,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { boxShadow: vars.shadow.focus },
  },
});

export const answer = style({
  padding: `0 ${vars.space.lg} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
});

/** The answer's HTML: paragraphs and lists spaced like the page's text, links in the brand's colour. */
export const answerBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
globalStyle(`${answerBody} p, ${answerBody} ul, ${answerBody} ol`, { margin: 0 });
globalStyle(`${answerBody} ul, ${answerBody} ol`, { paddingLeft: vars.space.xl });
globalStyle(`${answerBody} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
