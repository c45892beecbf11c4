/**
 * Intl formatters made once per locale and options. Making one costs about a hundred times as
 * much as formatting with it, and a calendar month asks for the wall clock of each of its days.
 */
function once<F, O>(make: (locale: string, options: O) => F): (locale: string, options: O) => F {
  const made = new Map<string, F>();
  return (locale, options) => {
    const key = `${locale} ${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) made.set(key, (format = make(locale, options)));
    return format;
  };
}

export const dateTimeFormat = once((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
export const numberFormat = once((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));

/** An instant as people in Brazil read it, on Brasília's clock: '20/03/2026, 09:00' (or with seconds). */
export const whenInBrasilia = (iso: string, timeStyle: 'short' | 'medium' = 'short'): string =>
  dateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle, timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
