import type { ConnectionType } from '../sizing';
import type { Evidence } from './layout';
import type { ConsumerClass } from './fields/classification';

export type { ConsumerClass } from './fields/classification';
export { CONSUMER_CLASSES } from './fields/classification';

/** Outcomes the virtual assistant can reach on its own (APP and DENIED are staff outcomes). */
export type BillAnalysisStatus = 'APPROVED' | 'DISAPPROVED' | 'WAITING';

/** A distributor family of the reader's table (distributors.ts), e.g. 'CEMIG', 'NEOENERGIA'. */
export type DistributorId = string;

/** Why a bill waits for a person; kept with the analysis so the reviewer sees it. */
export type ReviewNote =
  | 'ocr-reading'           // read from a picture (photo, scan): a person confirms what OCR read
  | 'no-text-layer'         // a scanned PDF whose pictures OCR could not read
  | 'reader-timeout'        // the file took too long to read (huge or hostile file)
  | 'reader-failure'        // the reading thread died (out of memory, or could not start)
  | 'unreadable-text'       // the PDF's text is garbled (fonts without a character map)
  | 'solar-compensation'    // SCEE, energia injetada/compensada, credits from a generating unit
  | 'group-a'               // a high-voltage (group A) unit: a person quotes it
  | 'below-minimum'         // consumption at or below the availability minimum: nothing to size
  | 'collective-bill'       // one bill for several units
  | 'unknown-distributor'   // every field read, but the distributor is not in the reader's table
  | 'incomplete-reading'    // a bill, but some field the sizing needs was not read with confidence
  | 'implausible-values';   // read, but the numbers do not agree with each other

export interface ConsumptionHistory {
  /** Monthly kWh, oldest first, as listed in the bill's history (current month included when listed). */
  values: number[];
  /** The month of each value, 'YYYY-MM'. */
  months?: string[];
  /** Mean of the twelve most recent values, 2 decimals; null when there is no history. */
  average: number | null;
}

/** What the reader found; null when not found. */
export interface BillFields {
  distributor: DistributorId | null;
  holder: string | null;
  consumer_class: ConsumerClass | null;
  /** Subclass as printed ('Residencial Pleno', 'Agropecuária Rural'). */
  subclass?: string | null;
  /** 'B1', 'B2', 'B3', 'B4', 'A4'…, or 'A' when only the group is known. */
  tariff_group?: string | null;
  /** Installation / consumer unit, letters and digits (separators removed, leading zeros kept). */
  installation: string | null;
  /** The customer's code when the bill prints one apart from the installation. */
  client_code?: string | null;
  /** Month the bill refers to, 'YYYY-MM'. */
  reference_month?: string | null;
  /** Amount due, BRL. */
  value: number | null;
  /** kWh consumed (measured) in the reference month. */
  consumption: number | null;
  /** kWh billed in the reference month (the availability minimum when less was consumed). */
  billed_consumption?: number | null;
  consumption_history_kwh_values: ConsumptionHistory;
  /** Connection type (monofásico, bifásico, trifásico) when printed. */
  power_pattern: ConnectionType | null;
  /** The unit already generates or receives solar credits. */
  generation?: boolean;
}

/** How sure the reader is of one field, and where on the page it read it. */
export interface FieldEvidence { confidence: number; evidence: Evidence[] }
export type EvidenceMap = Partial<Record<keyof BillFields, FieldEvidence>>;

/** Result of `analyseBill`: the decision plus the values read (stored and returned by the bills API). */
export interface BillAnalysis extends BillFields {
  status: BillAnalysisStatus;
  /** Set only when DISAPPROVED; BILL_ILLEGIBLE allows re-upload, any other reason locks it. */
  justification_disapproved: string | null;
  /** 0..1: how sure the reader is of the fields the sizing needs; 0 when nothing was read. */
  confidence: number;
  /** For WAITING: why a person must look. Empty otherwise. */
  review_notes: ReviewNote[];
  /** Where the text came from: the PDF's text layer, OCR of a picture, or nothing readable. */
  source?: 'text' | 'ocr' | 'none';
  /** Per field: confidence and the runs it was read from, for the reviewer. */
  evidence?: EvidenceMap;
}
