import { onlyDigits } from '../phone';

/**
 * How the cash invoice's boleto reads on the screen. The linha digitável of a bank boleto has 47
 * digits in five fields (FEBRABAN layout): 5.5 5.6 5.6 1 14, e.g.
 * 00190.00009 01234.567891 23456.789012 3 12340000021384. Anything else is shown as it came.
 */
export function formatDigitableLine(line: string): string {
  const d = onlyDigits(line);
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}
