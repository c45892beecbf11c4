/**
 * The unit's classification box: consumer class and subclass (REN 1.000/2021 art. 2), tariff group
 * (A for high voltage, B1 residential, B2 rural, B3 other low-voltage classes, B4 public lighting)
 * and the connection's phases. Bills print them together ('Classificação: Convencional B1
 * Residencial - Bifásico', 'B3-COMERCIAL', 'RESIDENCIAL/RESIDENCIAL') or as a labelled box.
 */
import type { ConnectionType } from '../../sizing';
import { evidenceOf, type Layout } from '../layout';
import { fold } from '../numbers';
import { vote, type Read, type Vote } from '../read';

/** Consumer class (classe de consumo) as printed on the bill, ANEEL REN 1.000/2021 art. 2. */
export const CONSUMER_CLASSES = ['RESIDENCIAL', 'COMERCIAL', 'INDUSTRIAL', 'RURAL', 'PODER_PUBLICO', 'ILUMINACAO_PUBLICA', 'SERVICO_PUBLICO'] as const;
export type ConsumerClass = (typeof CONSUMER_CLASSES)[number];

const CLASS_WORDS: ReadonlyArray<[ConsumerClass, RegExp]> = [
  ['RESIDENCIAL', /\bRESIDENCIAL\b|^RESID\b/],
  ['COMERCIAL', /\bCOMERCIAL\b|^COMERC?\b(?=\/)/],
  ['INDUSTRIAL', /\bINDUSTRIAL\b|^INDUST\b/],
  ['RURAL', /\bRURAL\b/],
  ['PODER_PUBLICO', /\bPODER PUBLICO\b/],
  ['ILUMINACAO_PUBLICA', /\bILUMINACAO PUBLICA\b/],
  ['SERVICO_PUBLICO', /\bSERVICO PUBLICO\b/],
];

const CLASS_CONTEXT = /\bCLASS(E|IFICACAO)\b|\bSUBCLASSE\b|(?<![A-Z0-9])[AB][1-4](?![0-9])|GRUPO|SUBGRUPO|MODALIDADE|CONVENCIONAL/;
/** Lines that name a class word for another reason (the municipality's lighting fee, a tax note, an address). */
const NOT_CLASS_CONTEXT = /CONTRIB|COSIP|CIP\b|ILUM\.? PUB|NAO CONTRIBUINTE|VENDA DE EN|ZONA RURAL|AREA RURAL|ATENDIMENTO RURAL|AGRO -|DESCONTO RURAL|SUBSIDIO|ESTRADA|PREFEITURA/;

function classesIn(folded: string): Array<{ cls: ConsumerClass; index: number; end: number }> {
  const out: Array<{ cls: ConsumerClass; index: number; end: number }> = [];
  for (const [cls, re] of CLASS_WORDS) {
    const m = re.exec(folded);
    if (m) out.push({ cls, index: m.index, end: m.index + m[0].length });
  }
  return out.sort((a, b) => a.index - b.index);
}

export interface Classification {
  consumerClass: Read<ConsumerClass> | null;
  subclass: Read<string> | null;
  tariffGroup: Read<string> | null;
  phases: Read<ConnectionType> | null;
}

export function readClassification(layout: Layout): Classification {
  const classVotes: Array<Vote<ConsumerClass>> = [];
  const subVotes: Array<Vote<string>> = [];
  const groupVotes: Array<Vote<string>> = [];
  const lines = layout.lines;
  lines.forEach((line, li) => {
    const folded = fold(line.text);
    if (NOT_CLASS_CONTEXT.test(folded)) return;
    const context = CLASS_CONTEXT.test(folded);
    for (const item of line.items) {
      const f = fold(item.text);
      const found = classesIn(f);
      if (found.length === 0) continue;
      const first = found[0]!;
      // 'RESIDENCIAL/RESIDENCIAL', 'Rural/Criacao de Suinos', 'B2 RURAL -AGROPECUÁRIA RURAL': class, then subclass
      const pair = /^[\s/-]*([A-ZÀ-Ü][\w À-ü.'/-]*)$/i.exec(item.text.slice(first.end).replace(/^\s*[-/]\s*/, '/'));
      const whole = f.trim() === f.slice(first.index, first.end).trim();
      const weight = context ? 3 : pair && /[/-]/.test(item.text.slice(first.end, first.end + 3)) ? 2 : whole ? 1 : 0.5;
      classVotes.push({ value: first.cls, weight, evidence: evidenceOf(item) });
      const sub = item.text.slice(first.end).replace(/^[\s/-]+/, '').trim();
      if (sub && !/^[AB][1-4]\b/i.test(sub) && !/FASIC/i.test(fold(sub))) subVotes.push({ value: sub.replace(/\s*-\s*(MONO|BI|TRI)F.*$/i, '').trim(), weight, evidence: evidenceOf(item) });
    }
    // a labelled box: the class below 'Classe', the subclass below 'Subclasse'
    for (const item of line.items) {
      const f = fold(item.text).trim();
      if (/^(CLASSE|SUBCLASSE)$/.test(f)) {
        const next = lines[li + 1];
        const cell = next && next.page === line.page && line.y - next.y < item.size * 2.4
          ? next.items.find((it) => it.x < item.x + item.width + 8 && it.x + it.width > item.x - 8) : undefined;
        if (!cell) continue;
        if (f === 'CLASSE') {
          const c = classesIn(fold(cell.text))[0];
          if (c) classVotes.push({ value: c.cls, weight: 3, evidence: evidenceOf(cell) });
        } else {
          subVotes.push({ value: cell.text.trim(), weight: 3, evidence: evidenceOf(cell) });
        }
      }
    }
    if (context || /TENSAO|TARIFA/.test(folded)) {
      for (const m of folded.matchAll(/(?<![A-Z0-9])(A[1-4]A?|AS|B[1-4])(?![0-9A-Z])/g)) {
        const item = line.items.find((it) => fold(it.text).includes(m[1]!)) ?? line.items[0]!;
        groupVotes.push({ value: m[1]!, weight: context ? 2 : 1, evidence: evidenceOf(item) });
      }
    }
  });
  // group A bills name their tariff ('horo-sazonal verde', 'THS azul') and contracted demand
  const groupA = /HORO-?SAZONAL|\bTHS\b|DEMANDA CONTRATADA|DEMANDA MEDIDA|DEMANDA (ATIVA |FATURADA |REGISTRADA )?(NA )?(FORA DE |FORA )?PONTA|DEMANDA[^\n]{0,30}\(KW\)|ULTRAPASSAGEM/.exec(layout.folded);
  if (groupA && !groupVotes.some((g) => g.value.startsWith('A'))) {
    const where = lines.find((l) => fold(l.text).includes(groupA[0]));
    if (where) groupVotes.push({ value: 'A', weight: 2, evidence: evidenceOf(where.items[0]!) });
  }
  const consumerClass = vote(classVotes, String, 3);
  let tariffGroup = vote(groupVotes, String, 2);
  if (!tariffGroup && consumerClass) {
    // Not printed: implied by the class on low voltage (REN 1.000/2021 art. 2 and 5).
    const implied = consumerClass.value === 'RESIDENCIAL' ? 'B1' : consumerClass.value === 'RURAL' ? 'B2' : consumerClass.value === 'ILUMINACAO_PUBLICA' ? 'B4' : 'B3';
    tariffGroup = { value: implied, confidence: 0.5, evidence: consumerClass.evidence };
  }
  return { consumerClass, subclass: vote(subVotes, (s) => fold(s), 3), tariffGroup, phases: readPhases(layout) };
}

function readPhases(layout: Layout): Read<ConnectionType> | null {
  const votes: Array<Vote<ConnectionType>> = [];
  for (const line of layout.lines) {
    for (const item of line.items) {
      for (const m of fold(item.text).matchAll(/\b(MONO|BI|TRI)FASIC[OA]\b/g)) {
        votes.push({ value: m[1] === 'MONO' ? 'single' : m[1] === 'BI' ? 'two' : 'three', weight: 1, evidence: evidenceOf(item) });
      }
    }
  }
  return vote(votes, String, 1);
}
