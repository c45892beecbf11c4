import type { ConnectionType } from '../sizing';

/** Outcomes the virtual assistant can reach on its own (APP and DENIED are staff outcomes). */
export type BillAnalysisStatus = 'APPROVED' | 'DISAPPROVED' | 'WAITING';

/** Distributors whose bill layouts the reader knows (the corpus covers each). */
export const DISTRIBUTORS = ['CEMIG', 'ENEL_SP', 'CPFL_PAULISTA', 'LIGHT', 'COPEL'] as const;
export type DistributorId = (typeof DISTRIBUTORS)[number];

/** Consumer class (classe de consumo) as printed on the bill, ANEEL REN 1.000/2021 art. 2. */
export const CONSUMER_CLASSES = ['RESIDENCIAL', 'COMERCIAL', 'INDUSTRIAL', 'RURAL', 'PODER_PUBLICO', 'ILUMINACAO_PUBLICA', 'SERVICO_PUBLICO'] as const;
export type ConsumerClass = (typeof CONSUMER_CLASSES)[number];

/** Why a bill waits for a person; kept with the analysis so the reviewer sees it. */
export type ReviewNote =
  | 'image-file'            // JPG/PNG: no OCR here, a person reads it
  | 'no-text-layer'         // a scanned PDF: same as an image
  | 'reader-timeout'        // the PDF took too long to read (huge or hostile file)
  | 'reader-failure'        // the reading thread died (out of memory, or could not start)
  | 'unreadable-text'       // the PDF's text is garbled (fonts without a character map)
  | 'solar-compensation'    // SCEE, energia injetada/compensada, saldo de geração
  | 'incomplete-reading'    // mostly read, some required field missing
  | 'implausible-values';   // read, but the numbers do not agree with each other

export interface ConsumptionHistory {
  /** Monthly kWh, oldest first, as listed in the bill's history block (current month included when listed). */
  values: number[];
  /** Mean of `values`, 2 decimals; null when there is no history. */
  average: number | null;
}

/** What the reader found in the bill's text; null when not found. */
export interface BillFields {
  distributor: DistributorId | null;
  holder: string | null;
  consumer_class: ConsumerClass | null;
  /** Installation / consumer unit number, digits only. */
  installation: string | null;
  /** Amount due, BRL. */
  value: number | null;
  /** kWh billed this month. */
  consumption: number | null;
  consumption_history_kwh_values: ConsumptionHistory;
  /** Connection type (monofásico, bifásico, trifásico) when printed. */
  power_pattern: ConnectionType | null;
}

/** Result of `analyseBill`: the decision plus the values read (stored and returned by the bills API). */
export interface BillAnalysis extends BillFields {
  status: BillAnalysisStatus;
  /** Set only when DISAPPROVED; BILL_ILLEGIBLE allows re-upload, any other reason locks it. */
  justification_disapproved: string | null;
  /** 0..1: share of the required fields read, lowered when values disagree; 0 for images. */
  confidence: number;
  /** For WAITING: why a person must look. Empty otherwise. */
  review_notes: ReviewNote[];
}
