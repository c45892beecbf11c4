/**
 * pt-BR formatting for the contracts: money (R$ 1.234,56), dates dd/mm/aaaa and times in
 * America/Sao_Paulo, CPF/CNPJ/CEP/phone, and the masks of the signature page. Pure: every time is
 * passed in.
 */
import { formatBRL } from '#shared/money';

export const CONTRACT_TIME_ZONE = 'America/Sao_Paulo';

export const money = (value: number): string => formatBRL(value);

const digitsOf = (text: string): string => text.replace(/\D+/g, '');

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: CONTRACT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function localParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of partsFormatter.formatToParts(at)) if (p.type in out) out[p.type as keyof typeof out] = p.value;
  return out;
}

/** dd/mm/aaaa in São Paulo. */
export function dateBR(at: Date): string {
  const p = localParts(at);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/mm/aaaa hh:mm:ss in São Paulo. */
export function dateTimeBR(at: Date): string {
  const p = localParts(at);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** 12345678909 -> 123.456.789-09; anything not 11 digits is returned as given. */
export function formatCpf(value: string): string {
  const d = digitsOf(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value.trim();
}

/** 12345678000195 -> 12.345.678/0001-95; anything not 14 digits is returned as given. */
export function formatCnpj(value: string): string {
  const d = digitsOf(value);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : value.trim();
}

/** 01310100 -> 01310-100. */
export function formatCep(value: string): string {
  const d = digitsOf(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : value.trim();
}

/** Splits a phone (country code 55 optional, spec §3) into its country code and national digits. */
function phoneParts(value: string): { country: string; national: string } {
  const d = digitsOf(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return { country: '55', national: d.slice(2) };
  return { country: '', national: d };
}

function phoneLayout(country: string, national: string): string {
  const area = national.slice(0, 2);
  const rest = national.slice(2);
  const cut = rest.length - 4;
  const local = `(${area}) ${rest.slice(0, cut)}-${rest.slice(cut)}`;
  return country ? `+${country} ${local}` : local;
}

/** 5511987654321 -> +55 (11) 98765-4321; an unexpected length is returned as given. */
export function formatPhone(value: string): string {
  const { country, national } = phoneParts(value);
  if (national.length !== 10 && national.length !== 11) return value.trim();
  return phoneLayout(country, national);
}

/** Only the middle digits of a CPF: 123.456.789-09 -> ***.456.789-**; not a CPF -> '***.***.***-**'. */
export function maskCpf(value: string): string {
  const d = digitsOf(value);
  if (d.length !== 11) return '***.***.***-**';
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** Every digit but the last 4 hidden: 5511987654321 -> +55 (**) *****-4321. */
export function maskPhone(value: string): string {
  const { country, national } = phoneParts(value);
  if (national.length < 4) return '*'.repeat(national.length);
  const hidden = national.slice(0, -4).replace(/\d/g, '*') + national.slice(-4);
  if (national.length !== 10 && national.length !== 11) return (country ? `+${country} ` : '') + hidden;
  return phoneLayout(country, hidden);
}

/** Cuts `text` to `max` characters, ending in '...' when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, Math.max(0, max - 3))}...`;
}
