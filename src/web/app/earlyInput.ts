import { EARLY_PRESS_GLOBAL } from '#shared/pageCode';

type Field = HTMLInputElement | HTMLTextAreaElement;

const NOT_TYPED = ['hidden', 'file', 'submit', 'button', 'reset', 'image'];

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What a visitor typed or ticked on a page rendered at build time before its code arrived. React
 * hydrates such a field without touching what it shows, but its state still holds what was
 * rendered (empty), so the form would be sent empty. Each such field is handed to React as the
 * change it was, once, right after hydration.
 */
export function replayEarlyInput(root: HTMLElement): void {
  // read first: each replayed change re-renders the form, which puts React's values back into the
  // controlled fields not replayed yet
  const early = [...root.querySelectorAll<Field>('input, textarea')].flatMap((field): Array<{ field: Field; checked: boolean; typed: string }> => {
    if (isToggle(field)) return field.checked === field.defaultChecked ? [] : [{ field, checked: field.checked, typed: '' }];
    if (NOT_TYPED.includes(field.type) || field.value === field.defaultValue) return [];
    return [{ field, checked: false, typed: field.value }];
  });
  for (const { field, checked, typed } of early) {
    if (isToggle(field)) {
      // back to what React rendered (through its value tracker), then the visitor's click again
      field.checked = field.defaultChecked;
      if (checked !== field.checked) field.click();
      continue;
    }
    // React's tracker is told the field holds what React rendered; the typed text goes back past it,
    // so the input event below reads as a change
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

interface EarlyPress {
  live: boolean;
  press: Element | null;
}

const earlyPress = (): EarlyPress | undefined => (window as unknown as Record<string, EarlyPress | undefined>)[EARLY_PRESS_GLOBAL];

/** From now on presses reach React: the page's HTML is hydrated or replaced (src/shared/pageCode.ts). */
export function endEarlyPresses(): void {
  const early = earlyPress();
  if (early) early.live = true;
}

/**
 * The button the visitor pressed (or the form they sent with Enter) while the page's HTML had no
 * code yet, pressed again now that React has hydrated that very element; after the typed text is
 * handed over, so a form is sent with what was typed. A press on markup React has replaced is gone.
 */
export function replayEarlyPress(): void {
  const early = earlyPress();
  if (!early) return;
  early.live = true;
  const pressed = early.press;
  early.press = null;
  if (!pressed?.isConnected) return;
  if (pressed instanceof HTMLFormElement) pressed.requestSubmit();
  else if (pressed instanceof HTMLElement) pressed.click();
}
