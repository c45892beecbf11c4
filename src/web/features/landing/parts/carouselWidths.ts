/**
 * Spec §2 "Other UI" and §9: the landing page's info cards are a carousel below 1100 px (a grid
 * otherwise); its benefits are a carousel below 750 px that turns every 5000 ms. The styles and the
 * component read these, so the CSS layout and the behaviour change at the same width.
 */
export const INFO_CAROUSEL_BELOW_PX = 1100;
export const BENEFITS_CAROUSEL_BELOW_PX = 750;
export const BENEFITS_AUTOPLAY_MS = 5000;

export type CarouselWidth = typeof INFO_CAROUSEL_BELOW_PX | typeof BENEFITS_CAROUSEL_BELOW_PX;

/** The media query under which a list is a carousel ("below 1100 px": 1099 px and narrower). */
export const carouselQuery = (below: CarouselWidth): string => `(max-width: ${below - 1}px)`;
