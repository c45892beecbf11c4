import type { BillReading } from './readFields';
import type { BillAnalysis, BillAnalysisStatus, BillFields, ConsumerClass, ReviewNote } from './types';

/**
 * The one justification that lets the customer upload again (spec §4). Only for files that are
 * not an electricity bill or cannot be read at all: the customer sent the wrong file and may
 * send the right one. A readable bill with a field the reader missed waits for a person instead.
 */
export const BILL_ILLEGIBLE = 'ilegível ou incompleta';

/** Apartments are not served (spec §5 sign-up rule, 'Infelizmente não atendemos apartamentos'). */
export const BILL_APARTMENT = 'Infelizmente não atendemos apartamentos';

/** Classes the company serves on low voltage: homes, businesses and farms. */
export const SERVED_CLASSES: readonly ConsumerClass[] = ['RESIDENCIAL', 'COMERCIAL', 'RURAL'];

const CLASS_NAME: Record<ConsumerClass, string> = {
  RESIDENCIAL: 'residencial', COMERCIAL: 'comercial', INDUSTRIAL: 'industrial', RURAL: 'rural',
  PODER_PUBLICO: 'poder público', ILUMINACAO_PUBLICA: 'iluminação pública', SERVICO_PUBLICO: 'serviço público',
};

/** Locks the upload: the unit's class is one the company does not serve. */
export function unservedClassJustification(cls: ConsumerClass): string {
  return `Classe de consumo não atendida: ${CLASS_NAME[cls]}`;
}

/** Fields the sizing needs, each read with at least MIN_FIELD_CONFIDENCE. */
export const SIZING_FIELDS = ['consumer_class', 'value', 'consumption'] as const satisfies ReadonlyArray<keyof BillFields>;
/** Fields the contract needs: read, whatever the confidence (staff confirm them when they draw the contract). */
export const IDENTITY_FIELDS = ['holder', 'installation'] as const satisfies ReadonlyArray<keyof BillFields>;
export const REQUIRED_FIELDS = [...SIZING_FIELDS, ...IDENTITY_FIELDS] as const;
/** Below this a field counts as not read (a lone weak clue, or places that disagree). */
export const MIN_FIELD_CONFIDENCE = 0.5;

/**
 * Availability minimum (custo de disponibilidade, REN 1.000/2021 art. 291): kWh billed whatever
 * is consumed. A unit at or below it has nothing for solar to offset. Phases unknown: the
 * three-phase figure, the highest.
 */
export const AVAILABILITY_MINIMUM_KWH = { single: 30, two: 50, three: 100 } as const;
export const availabilityMinimum = (phases: BillFields['power_pattern']): number => AVAILABILITY_MINIMUM_KWH[phases ?? 'three'];

/** Price per kWh (taxes, lighting fee and other charges included) a real low-voltage bill falls within, BRL. */
export const PLAUSIBLE_PRICE_PER_KWH = { min: 0.3, max: 3.5 } as const;
/** Current consumption against the history average: outside this ratio the reading is doubted. */
export const PLAUSIBLE_CONSUMPTION_RATIO = { min: 0.1, max: 10 } as const;

const confidenceOf = (r: BillReading, field: keyof BillFields): number => {
  if (r[field] === null || r[field] === undefined) return 0;
  return r.evidence?.[field]?.confidence ?? 1;
};

/** Required fields read: the sizing's with confidence, the contract's at all. */
export function requiredFieldsRead(r: BillReading): number {
  return SIZING_FIELDS.filter((f) => confidenceOf(r, f) >= MIN_FIELD_CONFIDENCE).length
    + IDENTITY_FIELDS.filter((f) => confidenceOf(r, f) > 0).length;
}

/** Whether the numbers read agree with each other (price per kWh, this month against the average). */
export function valuesArePlausible(r: BillReading): boolean {
  if (r.value === null || r.consumption === null || r.value <= 0 || r.consumption <= 0) return false;
  const price = r.value / r.consumption;
  if (price < PLAUSIBLE_PRICE_PER_KWH.min || price > PLAUSIBLE_PRICE_PER_KWH.max) return false;
  const avg = r.consumption_history_kwh_values.average;
  if (avg !== null && avg > 0) {
    const ratio = r.consumption / avg;
    if (ratio < PLAUSIBLE_CONSUMPTION_RATIO.min || ratio > PLAUSIBLE_CONSUMPTION_RATIO.max) return false;
  }
  return true;
}

/** A reading with no field: what a file that is not a bill, or could not be read, reports. */
export const NOTHING_READ: BillFields = {
  distributor: null, holder: null, consumer_class: null, subclass: null, tariff_group: null, installation: null, client_code: null,
  reference_month: null, value: null, consumption: null, billed_consumption: null, consumption_history_kwh_values: { values: [], average: null }, power_pattern: null, generation: false,
};

/**
 * The virtual assistant's decision on a bill it could read. Rules, in order (docs/bill-reader.md):
 * 1. not an electricity bill -> DISAPPROVED, BILL_ILLEGIBLE (re-upload allowed);
 * 2. an apartment or apartment complex -> DISAPPROVED, BILL_APARTMENT (locked);
 * 3. a class other than residential, commercial or rural -> DISAPPROVED, unserved class (locked);
 * 4. generation or credits, group A, a collective bill, consumption at or below the availability
 *    minimum -> WAITING (a person decides; never approved);
 * 5. every required field read with confidence, the numbers agree, a known distributor, read from a
 *    text layer -> APPROVED;
 * 6. anything else -> WAITING, with why.
 */
export function decideBill(r: BillReading): BillAnalysis {
  const read = requiredFieldsRead(r);
  const plausible = valuesArePlausible(r);
  const fieldConfidence = Math.min(...SIZING_FIELDS.map((f) => confidenceOf(r, f)));
  const confidence = Math.round(((read / REQUIRED_FIELDS.length) * 0.5 + fieldConfidence * 0.5) * (plausible ? 1 : 0.6) * (r.ocr ? 0.8 : 1) * 100) / 100;
  const { looksLikeBill: _b, solarCompensation: _s, apartment: _a, collective: _c, ocr, evidence, ...fields } = r;
  const outcome = (status: BillAnalysisStatus, justification: string | null, notes: ReviewNote[] = []): BillAnalysis => ({
    ...fields,
    status,
    justification_disapproved: justification,
    confidence,
    review_notes: notes,
    source: ocr ? 'ocr' : 'text',
    evidence: evidence ?? {},
  });

  // Values read from another kind of document (a water bill's m³, a statement's amounts) are not a bill's.
  if (!r.looksLikeBill) {
    return { ...outcome('DISAPPROVED', BILL_ILLEGIBLE), ...NOTHING_READ, confidence: 0, evidence: {} };
  }
  if (r.apartment) return outcome('DISAPPROVED', BILL_APARTMENT);
  if (r.consumer_class !== null && !SERVED_CLASSES.includes(r.consumer_class) && confidenceOf(r, 'consumer_class') >= MIN_FIELD_CONFIDENCE) {
    return outcome('DISAPPROVED', unservedClassJustification(r.consumer_class));
  }
  const notes: ReviewNote[] = [];
  if (r.solarCompensation) notes.push('solar-compensation');
  if (r.tariff_group?.startsWith('A')) notes.push('group-a');
  if (r.collective) notes.push('collective-bill');
  if (r.consumption !== null && r.consumption <= availabilityMinimum(r.power_pattern) && (r.power_pattern !== null || r.consumption <= AVAILABILITY_MINIMUM_KWH.single)) notes.push('below-minimum');
  if (notes.length) return outcome('WAITING', null, notes);
  if (read < REQUIRED_FIELDS.length || (r.consumption !== null && r.consumption <= availabilityMinimum(r.power_pattern))) return outcome('WAITING', null, ['incomplete-reading']);
  if (!plausible) return outcome('WAITING', null, ['implausible-values']);
  // a distributor outside the reader's table: its tariffs and its area are a person's to check
  if (r.distributor === null) return outcome('WAITING', null, ['unknown-distributor']);
  // OCR misreads digits without knowing it: a person confirms what it read.
  if (ocr) return outcome('WAITING', null, ['ocr-reading']);
  return outcome('APPROVED', null);
}
