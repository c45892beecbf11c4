import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A small modern reset plus the portal's base type. Imported once by the app entry.
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  colorScheme: 'light',
  // the signed-in pages' sticky header is 64 px: what the keyboard or an error focuses scrolls
  // into view below it, not under it
  scrollPaddingTop: 80,
});
globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  textRendering: 'optimizeLegibility',
});
globalStyle('h1, h2, h3, h4, h5, h6', {
  margin: 0,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  textWrap: 'balance',
});
globalStyle('p', { margin: 0, textWrap: 'pretty' });
globalStyle('ul, ol', { margin: 0, padding: 0 });
globalStyle('img, svg, video, canvas', { display: 'block', maxWidth: '100%' });
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: vars.color.brand });
globalStyle('#root', { minHeight: '100vh', isolation: 'isolate' });
globalStyle('::selection', { background: vars.color.accentSoft, color: vars.color.text });
