import { describe, expect, it } from 'vitest';
import { BILL_APARTMENT, BILL_ILLEGIBLE, decideBill, unservedClassJustification } from '../../../../src/server/engines/bill-reader';
import type { BillReading } from '../../../../src/server/engines/bill-reader/readFields';

/** A residential bill read in full, as a starting point each rule changes one thing of. */
const readable: BillReading = {
  distributor: 'CEMIG', holder: 'MARIA SILVA SANTOS', consumer_class: 'RESIDENCIAL', installation: '3001234567',
  value: 312.4, consumption: 320, consumption_history_kwh_values: { values: [300, 310, 330, 320], average: 315 },
  power_pattern: 'two', looksLikeBill: true, solarCompensation: false, apartment: false,
};
const decide = (change: Partial<BillReading>) => decideBill({ ...readable, ...change });

describe('decideBill', () => {
  it('approves a readable residential, commercial or rural bill and returns what it read', () => {
    const a = decide({});
    expect(a).toMatchObject({ status: 'APPROVED', justification_disapproved: null, confidence: 1, review_notes: [], value: 312.4, consumption: 320, power_pattern: 'two' });
    expect(a.consumption_history_kwh_values.average).toBe(315);
    expect(decide({ consumer_class: 'COMERCIAL' }).status).toBe('APPROVED');
    expect(decide({ consumer_class: 'RURAL', tariff_group: 'B2' }).status).toBe('APPROVED');
  });

  it('disapproves a file that is not an electricity bill as illegible, so the customer may upload again', () => {
    expect(decide({ looksLikeBill: false })).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
    expect(BILL_ILLEGIBLE).toBe('ilegível ou incompleta');
    // and reports none of the other document's numbers as bill values
    expect(decide({ looksLikeBill: false })).toMatchObject({ value: null, consumption: null, holder: null, consumption_history_kwh_values: { values: [], average: null }, confidence: 0 });
  });

  it('locks the upload for classes it does not serve, naming the class', () => {
    for (const cls of ['INDUSTRIAL', 'PODER_PUBLICO', 'ILUMINACAO_PUBLICA'] as const) {
      const a = decide({ consumer_class: cls });
      expect(a.status).toBe('DISAPPROVED');
      expect(a.justification_disapproved).toBe(unservedClassJustification(cls));
      expect(a.justification_disapproved).not.toBe(BILL_ILLEGIBLE);
    }
    expect(unservedClassJustification('INDUSTRIAL')).toBe('Classe de consumo não atendida: industrial');
  });

  it('refuses apartments and apartment complexes with the sign-up message', () => {
    expect(decide({ apartment: true })).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_APARTMENT });
  });

  it('never approves a unit that already compensates solar energy: a person decides', () => {
    expect(decide({ solarCompensation: true })).toMatchObject({ status: 'WAITING', justification_disapproved: null, review_notes: ['solar-compensation'] });
  });

  it('waits for a person, never calls a bill illegible, when fields the sizing needs are missing or unsure', () => {
    expect(decide({ consumer_class: null })).toMatchObject({ status: 'WAITING', review_notes: ['incomplete-reading'] });
    expect(decide({ consumer_class: null, value: null, consumption: null })).toMatchObject({ status: 'WAITING', justification_disapproved: null, review_notes: ['incomplete-reading'] });
    // read, but from places that disagree
    expect(decide({ evidence: { value: { confidence: 0.3, evidence: [] } } })).toMatchObject({ status: 'WAITING', review_notes: ['incomplete-reading'] });
  });

  it('never approves group A, generation, a collective bill or consumption at the availability minimum', () => {
    expect(decide({ tariff_group: 'A4' })).toMatchObject({ status: 'WAITING', review_notes: ['group-a'] });
    expect(decide({ collective: true })).toMatchObject({ status: 'WAITING', review_notes: ['collective-bill'] });
    // 30 kWh single-phase, 50 two-phase, 100 three-phase (REN 1.000/2021 art. 291)
    expect(decide({ consumption: 50, value: 60, power_pattern: 'two' })).toMatchObject({ status: 'WAITING', review_notes: ['below-minimum'] });
    expect(decide({ consumption: 51, value: 60, power_pattern: 'two', consumption_history_kwh_values: { values: [50, 52], average: 51 } }).status).toBe('APPROVED');
    expect(decide({ consumption: 0, value: 0 })).toMatchObject({ status: 'WAITING', review_notes: ['below-minimum'] });
    // phases unknown: only above the three-phase minimum is sure
    expect(decide({ consumption: 90, value: 95, power_pattern: null, consumption_history_kwh_values: { values: [90], average: 90 } }).status).toBe('WAITING');
  });

  it('waits for a person on a distributor outside its table, and on what OCR read', () => {
    expect(decide({ distributor: null })).toMatchObject({ status: 'WAITING', review_notes: ['unknown-distributor'] });
    expect(decide({ ocr: true })).toMatchObject({ status: 'WAITING', review_notes: ['ocr-reading'] });
  });

  it('waits for a person when the numbers read do not agree', () => {
    // R$ 31,24 for 320 kWh is under R$ 0,30/kWh: a decimal point was probably lost or added.
    expect(decide({ value: 31.24 })).toMatchObject({ status: 'WAITING', review_notes: ['implausible-values'] });
    expect(decide({ consumption: 3200, value: 3124 })).toMatchObject({ status: 'WAITING', review_notes: ['implausible-values'] });
    expect(decide({ value: 31.24 }).confidence).toBeLessThan(1);
  });
});
