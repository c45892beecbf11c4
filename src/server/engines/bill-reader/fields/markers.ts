/**
 * Facts the decision needs besides the values: is this an electricity bill at all, does the unit
 * already generate or receive solar credits, is it an apartment, is it a collective bill of
 * several units. Phrases are matched in the folded text; each one is what the bill itself prints,
 * not general notices (a consumer's rights towards 'central geradora' is not generation).
 */
import { evidenceOf, type Evidence, type Layout } from '../layout';
import { fold } from '../numbers';

/** SCEE (REN 1.000/2021 art. 655-A), injected and compensated energy, micro and mini generation, credits from another unit. */
const GENERATION = /\bSCEE\b|INJETAD|ENERGIA COMPENSADA|KWH COMPENSAD|COMP\.? CONS\.? MICRO|SALDO (ATUAL |ACUMULADO )?(DE )?GERACAO|MICRO ?[E/] ?MINI ?GERACAO|MICRO ?GERA(CAO|DOR)|MINI ?GERA(CAO|DOR)|CREDITO DE ENERGIA|CREDITOS? (DE GERACAO|DE KWH|RECEBIDO)|RATEIO (DE )?GERACAO|GERADORA: ?UC|UC GERADORA|UC BENEFICIARIA|GERACAO ULTIMO CICLO|ENERGIA GERADA|GERACAO COMPARTILHADA|AUTOCONSUMO REMOTO|SALDO DE ENERGIA|SALDO (EM )?KWH/;
const APARTMENT = /\bAPTO\.?\s*\d|\bAPARTAMENTO\b/;
const COLLECTIVE = /CONTA COLETIVA|FATURA COLETIVA|CONTRATO COLETIV|\bCOLETIVA\b/;

export interface Markers {
  looksLikeBill: boolean;
  generation: { value: boolean; evidence: Evidence[] };
  apartment: boolean;
  collective: boolean;
}

function firstEvidence(layout: Layout, re: RegExp): Evidence[] {
  for (const line of layout.lines) {
    for (const item of line.items) {
      const m = re.exec(fold(item.text));
      if (m) return [evidenceOf(item)];
    }
  }
  return [];
}

export function readMarkers(layout: Layout, distributorKnown: boolean, holder: string | null, classLineText: string): Markers {
  const f = layout.folded;
  const generation = GENERATION.test(f);
  // OCR of a photo misses words; a picture is a bill when several of a bill's own words come through
  const billWords = ['KWH', 'CONSUMO', 'ENERGIA', 'FATURA', 'VENCIMENTO', 'INSTALACAO', 'LEITURA', 'TARIFA', 'TOTAL A PAGAR', 'UNIDADE CONSUMIDORA'].filter((w) => f.includes(w)).length;
  return {
    looksLikeBill: distributorKnown || (/\bKWH\b/.test(f) && /ENERGIA/.test(f)) || (layout.ocr && billWords >= 3),
    generation: { value: generation, evidence: generation ? firstEvidence(layout, GENERATION) : [] },
    apartment: /^COND(OMINIO|\.)/.test(fold(holder ?? '')) || /CONDOMINIO/.test(fold(classLineText)) || APARTMENT.test(f),
    collective: COLLECTIVE.test(f),
  };
}
