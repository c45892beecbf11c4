import type { Sourced } from './sources';
import type { BillLine, SizingResult } from './engine';

/**
 * The INITIAL proposal the server generates from the engine when the bill is approved (issue 5).
 * Equipment brands and warranties are unknown before the technical visit: they stay null, which
 * the proposal screen shows as 'Sem marca' / 'Sem garantia'; staff fill them in the FINAL one.
 */

/** Inverter AC sizes offered for residential and small commercial systems, kW. */
export const INVERTER_SIZES_KW = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 36, 40, 50, 60, 75] as const;

/** Largest DC/AC ratio (module kWp over inverter kW) accepted when choosing the inverter. */
export const MAX_DC_AC_RATIO: Sourced<number> = {
  value: 1.3,
  source: 'Usual oversizing limit of string inverters sold in Brazil (manufacturers allow 1.3–1.5); a product choice',
  verified: false,
};

export interface InitialProposalDraft {
  readonly type: 'INITIAL';
  readonly power_of_the_project: number;
  readonly final_value: number;
  readonly annual_production: number;
  readonly annual_savings: number;
  readonly payback: number;
  readonly module_power: number;
  readonly module_quantity: number;
  readonly module_brand: null;
  readonly module_warranty: null;
  readonly inverter_power: number;
  readonly inverter_quantity: number;
  readonly inverter_brand: null;
  readonly inverter_warranty: null;
  readonly structure_type: null;
  readonly structure_warranty: null;
  /** the bill it was sized from and the bill with solar, R$ per month */
  readonly old_bill: number;
  readonly new_bill: number;
  /** the year whose Fio B share applies */
  readonly year: number;
  /** what stays on the bill after solar, line by line */
  readonly bill_after_solar: readonly BillLine[];
}

/** The fewest inverters of one size (the smallest size that needs the fewest units) covering kWp / 1.3. */
export function chooseInverters(powerKwp: number): { powerKw: number; quantity: number } {
  const minimumAc = powerKwp / MAX_DC_AC_RATIO.value;
  const largest = INVERTER_SIZES_KW[INVERTER_SIZES_KW.length - 1] ?? 75;
  const single = INVERTER_SIZES_KW.find((size) => size >= minimumAc);
  if (single !== undefined) return { powerKw: single, quantity: 1 };
  const quantity = Math.ceil(minimumAc / largest);
  const perUnit = minimumAc / quantity;
  return { powerKw: INVERTER_SIZES_KW.find((size) => size >= perUnit) ?? largest, quantity };
}

export function initialProposalFromSizing(result: SizingResult): InitialProposalDraft {
  const system = result.photovoltaic_system;
  const payback = result.annual_values.payback_months;
  if (system.module_quantity === 0 || payback === null) {
    throw new RangeError('no system to propose: the bill is at or barely above the minimum availability charge');
  }
  const inverters = chooseInverters(system.power_kwp);
  return {
    type: 'INITIAL',
    power_of_the_project: system.power_kwp,
    final_value: system.price,
    annual_production: system.annual_production,
    annual_savings: result.annual_values.annual_savings,
    payback,
    module_power: system.module_power_w,
    module_quantity: system.module_quantity,
    module_brand: null,
    module_warranty: null,
    inverter_power: inverters.powerKw,
    inverter_quantity: inverters.quantity,
    inverter_brand: null,
    inverter_warranty: null,
    structure_type: null,
    structure_warranty: null,
    old_bill: result.annual_values.old_bill,
    new_bill: result.annual_values.new_bill,
    year: result.year,
    bill_after_solar: result.bill_after_solar,
  };
}
