/**
 * After a refused submit, puts the keyboard on the first field marked invalid inside `root`, so a
 * keyboard user lands where the problem is and a screen reader reads the field with its error
 * (aria-invalid + aria-describedby): the field error texts themselves are not live regions.
 * React Aria marks invalid fields with `data-invalid` on the field root (TextField, Select,
 * ComboBox, Checkbox, NumberField) or `aria-invalid` on the input (CodeInput).
 */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  if (!root) return false;
  const candidates = root.querySelectorAll<HTMLElement>('[data-invalid] input, [data-invalid] button, [aria-invalid="true"]');
  for (const el of candidates) {
    if ((el as HTMLInputElement).disabled || el.tabIndex < 0 || el.closest('[aria-hidden="true"]')) continue;
    el.focus();
    return true;
  }
  return false;
}
