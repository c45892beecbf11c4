/**
 * Who and which unit: the holder's name, the installation (consumer unit) and the customer code.
 * Bills label them in many ways, and some print the labels as pictures: then the codes stand
 * alone in the header, and the reader tells them apart by the labels that do exist (a customer
 * code's label claims its value), by repetition (the installation comes back on the payment slip
 * or the meter table) and by the family's header order.
 */
import type { DistributorFamily } from '../distributors';
import { evidenceOf, type Layout, type TextItem } from '../layout';
import { DATE_RE, fold, parseMonth } from '../numbers';
import { vote, type Read, type Vote } from '../read';

const INSTALLATION_LABEL = /\b(N[OºO°.]* ?DA INSTALACAO|CODIGO DA INSTALACAO|INSTALACAO:?|N[OºO°.]* ?DA UNIDADE CONSUMIDORA|UNIDADE CONSUMIDORA:?|\bUC:?|CODIGO DA UC|CONTA CONTRATO COLETIVA|^COLETIVA$)(?![A-Z])/;
const CLIENT_LABEL = /\b(N[OºO°.]* ?DO CLIENTE|CODIGO DO CLIENTE|COD\. ?CLIENTE|CLIENTE:|SEU CODIGO|PARCEIRO DE NEGOCIO|CONTA CONTRATO(?! COLETIVA))(?![A-Z])/;
const HOLDER_LABEL = /\b(NOME DO CLIENTE|NOME:|TITULAR:|NOME\/RAZAO SOCIAL|RAZAO SOCIAL:)/;

/** A code as printed: digits with the separators distributors use, maybe one leading letter. */
const CODE_SHAPE = /^[A-Z]?\d[\d./-]{3,16}\d$/;

/** Letters and digits only, leading zeros kept: how codes are compared and stored. */
export const normaliseCode = (s: string): string => fold(s).replace(/[^A-Z0-9]/g, '');

function codeOf(text: string): string | null {
  const t = fold(text.trim()).replace(/^(N[Oº°.]*|CC|:)\s*/, '').replace(/[.,;:]+$/, '');
  if (!CODE_SHAPE.test(t) || DATE_RE.test(t) || parseMonth(t, true) !== null) return null;
  if (/^\d{5}-\d{3}$/.test(t)) return null; // CEP
  if (/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(t) || /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(t)) return null; // CNPJ, CPF
  if (/^\d+,\d+$/.test(t) || /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return null; // amounts and quantities
  const digits = t.replace(/\D/g, '');
  return digits.length >= 5 && digits.length <= 14 ? t : null;
}

/** Whole-run codes anywhere on the bill, counted by normalised value. */
function codeCounts(layout: Layout): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of layout.lines) {
    for (const item of line.items) {
      for (const token of fold(item.text).split(/\s+/)) {
        const c = codeOf(token);
        if (c) counts.set(normaliseCode(c), (counts.get(normaliseCode(c)) ?? 0) + 1);
      }
    }
  }
  return counts;
}

export interface Codes { installation: Read<string> | null; clientCode: Read<string> | null }

export function readCodes(layout: Layout, family: DistributorFamily | null): Codes {
  const counts = codeCounts(layout);
  const clientVotes: Array<Vote<string>> = [];
  for (const re of [family?.labels?.clientCode, CLIENT_LABEL]) {
    if (!re) continue;
    for (const label of layout.labels(re)) {
      const [best] = layout.valuesOf(label, codeOf, { maxBelow: 34 });
      if (best) clientVotes.push({ value: best.value, weight: 2, evidence: evidenceOf(best.item, best.text) });
    }
  }
  const clientCode = vote(clientVotes, normaliseCode, 2);

  const votes: Array<Vote<string>> = [];
  const labelled = new Set<string>();
  for (const re of [family?.labels?.installation, INSTALLATION_LABEL]) {
    if (!re) continue;
    for (const label of layout.labels(re)) {
      // 'Conta contrato' is the customer's account except on a collective bill
      const [best] = layout.valuesOf(label, codeOf, { maxBelow: 34 });
      if (!best) continue;
      labelled.add(normaliseCode(best.value));
      votes.push({ value: best.value, weight: 6, evidence: evidenceOf(best.item, best.text) });
    }
  }
  // Codes standing alone in the header (labels drawn as pictures): repetition and order decide.
  const claimed = new Set(clientVotes.map((v) => normaliseCode(v.value)));
  const header = headerCodes(layout).filter((c) => !claimed.has(normaliseCode(c.value)));
  header.forEach((c, i) => {
    const n = counts.get(normaliseCode(c.value)) ?? 1;
    // a family whose header prints the installation first (its labels are pictures) says so
    const first = i === 0 ? (family?.installationFirst ? 2 : 0.5) : 0;
    const weight = 1 + Math.min(2, n - 1) + first + (c.item.size >= 9 ? 0.5 : 0);
    votes.push({ value: c.value, weight, evidence: evidenceOf(c.item, c.text) });
  });
  const installation = vote(votes, normaliseCode, 3);
  let client = clientCode;
  if (!client && installation && header.length > 1) {
    const other = header.find((c) => normaliseCode(c.value) !== normaliseCode(installation.value) && !labelled.has(normaliseCode(c.value)));
    if (other) client = { value: other.value, confidence: 0.4, evidence: [evidenceOf(other.item, other.text)] };
  }
  return { installation, clientCode: client };
}

/** Runs that are labels of codes which are not the unit's: the next code on the line is theirs. */
const OTHER_CODE_LABEL = /CHAVE|PROTOCOLO|NOTA FISCAL|SERIE|CNPJ|CPF|INSC|CEP|MEDIDOR|ROTEIRO|FONE|TELEFONE|DEBITO AUTOMATICO|IDENTIFICADOR|NOSSO NUMERO|LOTE|RG\b/;

/** Runs that are nothing but a code, in the top part of the first page, in reading order. */
function headerCodes(layout: Layout): Array<{ value: string; item: TextItem; text: string }> {
  const firstPage = layout.lines.filter((l) => l.page === 1);
  if (firstPage.length === 0) return [];
  const top = firstPage[0]!.y;
  const bottom = firstPage[firstPage.length - 1]!.y;
  const limit = top - (top - bottom) * 0.45;
  const out: Array<{ value: string; item: TextItem; text: string }> = [];
  for (const line of firstPage) {
    if (line.y < limit) break;
    let claimedByLabel = false;
    for (const item of line.items) {
      const f = fold(item.text);
      if (OTHER_CODE_LABEL.test(f)) { claimedByLabel = /:$/.test(f.trim()) || f.trim().length <= 12; continue; }
      // 'Nº 515718016034' numbers a document (the invoice), not the unit
      const c = /^N[Oº°.]/.test(f.trim()) ? null : codeOf(item.text);
      if (c && !claimedByLabel && c.replace(/\D/g, '').length >= 6) out.push({ value: c, item, text: item.text });
      claimedByLabel = false;
    }
  }
  return out;
}

// Holder ----------------------------------------------------------------------------------------

const NOT_A_NAME = /DISTRIBUI|ENERGIA|ELETRIC|FATURA|CONTA|NOTA|FISCAL|CNPJ|CPF|DOCUMENTO|CONSUMIDOR|INSTALACAO|CLIENTE|RESIDENCIAL|BANCO|AGENCIA|PAGAVEL|VENCIMENTO|LEITURA|TARIFA|BANDEIRA|TOTAL|VALOR|REFERENTE|CLASSIFICACAO|SUBCLASSE|MONOFASICO|BIFASICO|TRIFASICO|ILUMINACAO|PREFEITURA|OUVIDORIA|ATENDIMENTO|HISTORICO|CONSUMO|MEDIDOR|INFORMACOES|AVISO|IMPORTANTE|SEGUNDA VIA|DEBITO|ENDERECO|BAIRRO|CIDADE|SAO PAULO|TENSAO|GRUPO|MODALIDADE|CONVENCIONAL|PROTOCOLO|CHAVE|ACESSO|AUTORIZACAO|EMISSAO|DATA|RESERVADO|FISCO|DANF|PERIODO|BENEFICIARIO|PAGADOR|LEI\b|ANEEL|ESTADO D[AEO]\b|COMPANHIA/;
const STREET = /^(RUA|R\.?|AV\.?|AVENIDA|ALAMEDA|AL\.?|TRAVESSA|TV\.?|TRAV\.?|ESTRADA|EST\.?|ESTR\.?|RODOVIA|ROD\.?|PRACA|PCA\.?|LARGO|VIELA|LOTEAMENTO|LOT\.?|SITIO|FAZENDA|FAZ\.?|CHACARA|QUADRA|QD\.?|CONJUNTO|CJ\.?|VILA|LIN\.?|LINHA|GJ|SETOR|RU|BECO|PASSAGEM|RECANTO|LOCALIDADE|POVOADO|ASSENTAMENTO|AREA RURAL|ZONA RURAL|KM)\b/;
const CEP_LINE = /\b\d{5}-?\d{3}\b/;

/** A person's or company's name as printed: upper-case words, no digits, not a heading. */
function nameOf(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim().replace(/^[:\s]+/, '');
  if (t.length < 5 || t.length > 70 || /\d/.test(t)) return null;
  if (!/^[A-ZÀ-Ü][A-ZÀ-Ü.'&/ -]*$/.test(t)) return null;
  const words = t.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 9) return null;
  const f = fold(t);
  if (NOT_A_NAME.test(f) || STREET.test(f)) return null;
  return t;
}

/** A name cut at the end of its box continues on the next line at the same left edge. */
function withContinuation(layout: Layout, lineIndex: number, item: TextItem, name: string): string {
  const line = layout.lines[lineIndex]!;
  const next = layout.lines[lineIndex + 1];
  if (!next || next.page !== line.page || line.y - next.y > item.size * 1.6) return name;
  const cont = next.items.find((it) => Math.abs(it.x - item.x) < 30 && it.x >= item.x - 4 && it.x < item.x + item.width);
  if (!cont || !/^[A-ZÀ-Ü.'& -]+$/.test(cont.text.trim()) || cont.text.trim().split(' ').length > 3) return name;
  const f = fold(cont.text);
  if (NOT_A_NAME.test(f) || STREET.test(f) || cont.text.includes(':')) return name;
  return `${name} ${cont.text.trim()}`;
}

export function readHolder(layout: Layout, family: DistributorFamily | null): Read<string> | null {
  const votes: Array<Vote<string>> = [];
  const key = (v: string) => fold(v).replace(/\s+/g, ' ');
  for (const re of [family?.labels?.holder, HOLDER_LABEL]) {
    if (!re) continue;
    for (const label of layout.labels(re)) {
      const [best] = layout.valuesOf(label, nameOf, { maxBelow: 20 });
      if (!best) continue;
      const line = best.item === label.item ? label.line : layout.lines.findIndex((l) => l.items.includes(best.item));
      votes.push({ value: withContinuation(layout, line, best.item, best.value), weight: 3, evidence: evidenceOf(best.item, best.text) });
    }
  }
  // The first line of the address block printed for the post: name, street, district, CEP.
  const lines = layout.lines;
  const walked = new Set<TextItem>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.page !== 1) break;
    for (const item of line.items) {
      const f = fold(item.text);
      if (!STREET.test(f) && !(CEP_LINE.test(f) && /[A-Z]{3}/.test(f))) continue;
      if (walked.has(item)) continue;
      // up the same left edge while the lines are a block: the topmost name-shaped line is the addressee
      let name: { text: string; item: TextItem } | null = null;
      let lastY = line.y;
      for (let j = i - 1; j >= 0 && j >= i - 6; j--) {
        const above = lines[j]!;
        if (above.page !== line.page || above.y - lastY > Math.max(item.size, 7) * 2.8) break;
        const cell = above.items.find((it) => Math.abs(it.x - item.x) < 6);
        if (!cell) continue;
        lastY = above.y;
        walked.add(cell);
        const n = nameOf(cell.text);
        if (n) name = { text: n, item: cell };
      }
      if (name) votes.push({ value: name.text, weight: 2, evidence: evidenceOf(name.item) });
    }
  }
  // A name printed twice (header and payment slip) is the holder's.
  const seen = new Map<string, { item: TextItem; n: number; text: string }>();
  for (const line of lines) {
    for (const item of line.items) {
      const name = nameOf(item.text);
      if (!name) continue;
      const k = key(name);
      const s = seen.get(k) ?? { item, n: 0, text: name };
      s.n++;
      seen.set(k, s);
    }
  }
  for (const s of seen.values()) if (s.n >= 2) votes.push({ value: s.text, weight: Math.min(2, s.n - 1), evidence: evidenceOf(s.item) });
  return vote(votes, key, 3);
}
