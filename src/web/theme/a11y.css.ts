import { style } from '@vanilla-extract/css';

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** A round icon-only control with the 44 × 44 px touch target (WCAG 2.5.5), its icon centred. */
export const iconTarget = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  outline: 'none',
});
