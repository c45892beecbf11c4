/**
 * Reads every field of a bill from its positioned text (PDF text layer or OCR words): each field
 * reader in fields/ finds its value by labels, value shapes and positions, with the evidence and
 * a confidence; this module puts them together for the decision.
 */
import type { ConnectionType } from '../sizing';
import { distributorOf } from './distributors';
import { readAmountDue, readReferenceMonth } from './fields/amount';
import { readClassification } from './fields/classification';
import { historyAverage, readBilledConsumption, readConsumption, readHistory } from './fields/consumption';
import { normaliseCode, readCodes, readHolder } from './fields/identity';
import { readMarkers } from './fields/markers';
import { Layout, type TextLine } from './layout';
import { monthText } from './numbers';
import type { Read } from './read';
import type { BillFields, EvidenceMap } from './types';

export { fold, parseKwh, parseMoney } from './numbers';

/** What the text shows besides the fields: the facts the decision needs. */
export interface BillReading extends BillFields {
  /** The text reads as an electricity bill (a distributor, or energy in kWh). */
  looksLikeBill: boolean;
  /** The unit already compensates solar energy (SCEE, energia injetada/compensada, credits). */
  solarCompensation: boolean;
  /** The unit is an apartment or the common area of an apartment complex (condomínio). */
  apartment: boolean;
  /** One bill for several units. */
  collective?: boolean;
  /** Read from OCR words rather than a text layer. */
  ocr?: boolean;
  evidence?: EvidenceMap;
}

const valueOf = <T>(r: Read<T> | null): T | null => (r ? r.value : null);

/** Reads every field the decision needs from the positioned text of a bill. */
export function readBill(layout: Layout): BillReading {
  const family = distributorOf(layout.folded);
  const holder = readHolder(layout, family);
  const codes = readCodes(layout, family);
  const classification = readClassification(layout);
  const reference = readReferenceMonth(layout);
  const history = readHistory(layout, reference?.value ?? null);
  const consumption = readConsumption(layout, history, reference?.value ?? null);
  const classText = classification.consumerClass?.evidence[0]?.text ?? '';
  const markers = readMarkers(layout, family !== null, holder?.value ?? null, classText);
  const average = historyAverage(history);
  const amount = readAmountDue(layout, family?.labels?.amount, { firstPageOnly: markers.collective });
  const billed = readBilledConsumption(layout, markers.generation.value);

  const evidence: EvidenceMap = {};
  const keep = (field: keyof BillFields, r: Read<unknown> | null) => { if (r) evidence[field] = { confidence: r.confidence, evidence: r.evidence }; };
  keep('holder', holder);
  keep('installation', codes.installation);
  keep('client_code', codes.clientCode);
  keep('consumer_class', classification.consumerClass);
  keep('subclass', classification.subclass);
  keep('tariff_group', classification.tariffGroup);
  keep('power_pattern', classification.phases);
  keep('value', amount);
  keep('reference_month', reference);
  keep('consumption', consumption);
  keep('billed_consumption', billed);
  if (history.entries.length) evidence.consumption_history_kwh_values = { confidence: history.confidence, evidence: history.entries.slice(-3).map((e) => ({ text: e.item.text, page: e.item.page, x: Math.round(e.item.x), y: Math.round(e.item.y) })) };
  if (family) evidence.distributor = { confidence: 1, evidence: [] };
  if (markers.generation.value) evidence.generation = { confidence: 1, evidence: markers.generation.evidence };

  return {
    distributor: family?.id ?? null,
    holder: holder?.value.toUpperCase() ?? null,
    consumer_class: valueOf(classification.consumerClass),
    subclass: valueOf(classification.subclass),
    tariff_group: valueOf(classification.tariffGroup),
    installation: codes.installation ? normaliseCode(codes.installation.value) : null,
    client_code: codes.clientCode ? normaliseCode(codes.clientCode.value) : null,
    reference_month: reference ? monthText(reference.value) : null,
    value: valueOf(amount),
    // a collective bill sums several units: no one unit's consumption or history to size
    consumption: markers.collective ? null : valueOf(consumption),
    billed_consumption: markers.collective ? null : valueOf(billed),
    consumption_history_kwh_values: markers.collective ? { values: [], months: [], average: null } : {
      values: history.entries.map((e) => e.kwh),
      months: history.entries.map((e) => monthText(e.month)),
      average,
    },
    power_pattern: valueOf(classification.phases) as ConnectionType | null,
    generation: markers.generation.value,
    looksLikeBill: markers.looksLikeBill,
    solarCompensation: markers.generation.value,
    apartment: markers.apartment,
    collective: markers.collective,
    ocr: layout.ocr,
    evidence,
  };
}

/** The same, from lines already built (tests and callers that hold lines). */
export function readBillFields(lines: readonly TextLine[], ocr = false): BillReading {
  return readBill(new Layout(lines, ocr));
}

/**
 * Text a PDF yields when its fonts carry no character map: symbols, private-use or non-Latin
 * letters, or Latin letters in a distribution no Portuguese text has. Such a file may be a good
 * bill; only a person can tell.
 */
export function textLooksGarbled(text: string): boolean {
  const chars = Array.from(text.replace(/\s+/g, ''));
  if (chars.length < 40) return false;
  const usual = chars.filter((c) => /[\p{L}\p{N}.,:;/\\()\-–$%ºª°&'"+*#@!?[\]|_=]/u.test(c)).length;
  if (usual / chars.length < 0.85) return true;
  const letters = chars.filter((c) => /\p{L}/u.test(c));
  const latin = letters.filter((c) => /[A-Za-zÀ-ÿ]/.test(c));
  if (letters.length > 0 && latin.length / letters.length < 0.8) return true;
  if (latin.length >= 100) {
    const vowels = latin.filter((c) => /[AEIOUaeiouÀ-ÆÈ-ÏÒ-ÖÙ-Üà-æè-ïò-öù-ü]/.test(c)).length / latin.length;
    if (vowels < 0.25 || vowels > 0.7) return true;
  }
  return false;
}

