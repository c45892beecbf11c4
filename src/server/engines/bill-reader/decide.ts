import type { BillReading } from './readFields';
import type { BillAnalysis, BillAnalysisStatus, ConsumerClass, ReviewNote } from './types';

/**
 * The one justification that lets the customer upload again (spec §4). Also used for files that
 * are not an electricity bill at all: the customer sent the wrong file and may send the right one.
 */
export const BILL_ILLEGIBLE = 'ilegível ou incompleta';

/** Apartments are not served (spec §5 sign-up rule, 'Infelizmente não atendemos apartamentos'). */
export const BILL_APARTMENT = 'Infelizmente não atendemos apartamentos';

/** Classes the subscription serves: homes and businesses on low voltage. */
export const SERVED_CLASSES: readonly ConsumerClass[] = ['RESIDENCIAL', 'COMERCIAL'];

const CLASS_NAME: Record<ConsumerClass, string> = {
  RESIDENCIAL: 'residencial', COMERCIAL: 'comercial', INDUSTRIAL: 'industrial', RURAL: 'rural',
  PODER_PUBLICO: 'poder público', ILUMINACAO_PUBLICA: 'iluminação pública', SERVICO_PUBLICO: 'serviço público',
};

/** Locks the upload: the unit's class is one the company does not serve. */
export function unservedClassJustification(cls: ConsumerClass): string {
  return `Classe de consumo não atendida: ${CLASS_NAME[cls]}`;
}

/** Fields without which a bill cannot be approved automatically. */
export const REQUIRED_FIELDS = ['distributor', 'holder', 'consumer_class', 'installation', 'value', 'consumption', 'consumption_history_kwh_values'] as const;
/** A history shorter than this does not give a usable average. */
export const MIN_HISTORY_MONTHS = 3;
/** With at least this many required fields read, a missing one sends the bill to a person rather than back to the customer. */
export const MOSTLY_READ = 5;
/** Price per kWh (taxes and public-lighting fee included) a real low-voltage bill falls within, BRL. */
export const PLAUSIBLE_PRICE_PER_KWH = { min: 0.3, max: 3.5 } as const;
/** Current consumption against the history average: outside this ratio the reading is doubted. */
export const PLAUSIBLE_CONSUMPTION_RATIO = { min: 0.1, max: 10 } as const;

export function requiredFieldsRead(r: BillReading): number {
  return REQUIRED_FIELDS.filter((f) =>
    f === 'consumption_history_kwh_values' ? r.consumption_history_kwh_values.values.length >= MIN_HISTORY_MONTHS : r[f] !== null,
  ).length;
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

/**
 * The virtual assistant's decision on a bill it could read as text. Rules, in order
 * (docs/bill-reader.md):
 * 1. not an electricity bill -> DISAPPROVED, BILL_ILLEGIBLE (re-upload allowed);
 * 2. an apartment or apartment complex -> DISAPPROVED, BILL_APARTMENT (locked);
 * 3. a class other than residential or commercial -> DISAPPROVED, unserved class (locked);
 * 4. solar compensation shown -> WAITING (a person decides);
 * 5. every required field read and the numbers agree -> APPROVED;
 * 6. mostly read, or read but the numbers disagree -> WAITING;
 * 7. otherwise -> DISAPPROVED, BILL_ILLEGIBLE.
 */
export function decideBill(r: BillReading): BillAnalysis {
  const read = requiredFieldsRead(r);
  const plausible = valuesArePlausible(r);
  const confidence = Math.round((read / REQUIRED_FIELDS.length) * (plausible ? 1 : 0.6) * 100) / 100;
  const outcome = (status: BillAnalysisStatus, justification: string | null, notes: ReviewNote[] = []): BillAnalysis => ({
    status,
    justification_disapproved: justification,
    distributor: r.distributor,
    holder: r.holder,
    consumer_class: r.consumer_class,
    installation: r.installation,
    value: r.value,
    consumption: r.consumption,
    consumption_history_kwh_values: r.consumption_history_kwh_values,
    power_pattern: r.power_pattern,
    confidence,
    review_notes: notes,
  });

  // Values read from another kind of document (a water bill's m³, a statement's amounts) are not a bill's.
  if (!r.looksLikeBill) {
    return {
      ...outcome('DISAPPROVED', BILL_ILLEGIBLE),
      distributor: null, holder: null, consumer_class: null, installation: null, value: null, consumption: null,
      consumption_history_kwh_values: { values: [], average: null }, power_pattern: null, confidence: 0,
    };
  }
  if (r.apartment) return outcome('DISAPPROVED', BILL_APARTMENT);
  if (r.consumer_class !== null && !SERVED_CLASSES.includes(r.consumer_class)) {
    return outcome('DISAPPROVED', unservedClassJustification(r.consumer_class));
  }
  if (r.solarCompensation) return outcome('WAITING', null, ['solar-compensation']);
  if (read === REQUIRED_FIELDS.length) {
    return plausible ? outcome('APPROVED', null) : outcome('WAITING', null, ['implausible-values']);
  }
  if (read >= MOSTLY_READ) return outcome('WAITING', null, ['incomplete-reading']);
  return outcome('DISAPPROVED', BILL_ILLEGIBLE);
}
