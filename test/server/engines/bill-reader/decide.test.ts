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
  it('approves a readable residential or commercial bill and returns what it read', () => {
    const a = decide({});
    expect(a).toMatchObject({ status: 'APPROVED', justification_disapproved: null, confidence: 1, review_notes: [], value: 312.4, consumption: 320, power_pattern: 'two' });
    expect(a.consumption_history_kwh_values.average).toBe(315);
    expect(decide({ consumer_class: 'COMERCIAL' }).status).toBe('APPROVED');
  });

  it('disapproves a file that is not an electricity bill as illegible, so the customer may upload again', () => {
    expect(decide({ looksLikeBill: false })).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
    expect(BILL_ILLEGIBLE).toBe('ilegível ou incompleta');
    // and reports none of the other document's numbers as bill values
    expect(decide({ looksLikeBill: false })).toMatchObject({ value: null, consumption: null, holder: null, consumption_history_kwh_values: { values: [], average: null }, confidence: 0 });
  });

  it('locks the upload for classes it does not serve, naming the class', () => {
    for (const cls of ['RURAL', 'INDUSTRIAL', 'PODER_PUBLICO'] as const) {
      const a = decide({ consumer_class: cls });
      expect(a.status).toBe('DISAPPROVED');
      expect(a.justification_disapproved).toBe(unservedClassJustification(cls));
      expect(a.justification_disapproved).not.toBe(BILL_ILLEGIBLE);
    }
    expect(unservedClassJustification('RURAL')).toBe('Classe de consumo não atendida: rural');
  });

  it('refuses apartments and apartment complexes with the sign-up message', () => {
    expect(decide({ apartment: true })).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_APARTMENT });
  });

  it('never approves a unit that already compensates solar energy: a person decides', () => {
    expect(decide({ solarCompensation: true })).toMatchObject({ status: 'WAITING', justification_disapproved: null, review_notes: ['solar-compensation'] });
  });

  it('waits for a person when one required field is missing, and disapproves as illegible when most are', () => {
    expect(decide({ consumer_class: null })).toMatchObject({ status: 'WAITING', review_notes: ['incomplete-reading'] });
    expect(decide({ consumption_history_kwh_values: { values: [300, 310], average: 305 } }).status).toBe('WAITING');
    expect(decide({ consumer_class: null, value: null, consumption: null })).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
  });

  it('waits for a person when the numbers read do not agree', () => {
    // R$ 31,24 for 320 kWh is under R$ 0,30/kWh: a decimal point was probably lost or added.
    expect(decide({ value: 31.24 })).toMatchObject({ status: 'WAITING', review_notes: ['implausible-values'] });
    expect(decide({ consumption: 3200, value: 3124 })).toMatchObject({ status: 'WAITING', review_notes: ['implausible-values'] });
    expect(decide({ value: 31.24 }).confidence).toBeLessThan(1);
  });
});
