/**
 * What the reader knows of each distributor family: how to recognise its bills, and the label
 * variants its layouts use for a field where the generic labels are not enough. Everything else
 * is read by the generic reader (labels, value shapes, positions); a new family is one row here.
 * Marks are matched in the folded text (upper case, no accents). Names and CNPJs are the
 * companies' public registrations.
 */
export interface DistributorFamily {
  id: string;
  /** The group's name as customers know it. */
  name: string;
  /** Names or CNPJ roots printed on its bills. */
  marks: RegExp;
  /** Labels tried before the generic ones, per field. */
  labels?: Partial<Record<'installation' | 'clientCode' | 'amount' | 'holder' | 'reference', RegExp>>;
  /** Its header prints the installation before the customer code, both without a label in the text. */
  installationFirst?: boolean;
  /** A concession that passed to another group: bills still printed under the old name belong to it. */
  successor?: { when: RegExp; id: string };
}

export const DISTRIBUTOR_FAMILIES: readonly DistributorFamily[] = [
  { id: 'CEMIG', name: 'Cemig', marks: /\bCEMIG\b|06\.981\.180/g },
  {
    id: 'ENEL', name: 'Enel (SP, RJ, CE)', marks: /\bENEL\b|ELETROPAULO|\bCOELCE\b|\bAMPLA\b|61\.695\.227|07\.047\.251|33\.050\.071/g,
    installationFirst: true,
    // Enel Goiás became Equatorial Goiás (2022)
    successor: { when: /\bGOIANIA GO\b|\bGO BRASIL\b|ENEL DISTRIBUICAO GOIAS/, id: 'EQUATORIAL' },
  },
  { id: 'CPFL', name: 'CPFL (Paulista, Piratininga, Santa Cruz, RGE)', marks: /\bCPFL\b|\bRGE\b|COMPANHIA PAULISTA DE FORCA E LUZ|COMPANHIA PIRATININGA|33\.050\.196|04\.172\.213/g },
  { id: 'LIGHT', name: 'Light', marks: /LIGHT SERVICOS DE ELETRICIDADE|\bLIGHT S\.?A\b|60\.444\.437/g },
  // Copel prints its name as a picture on some bills; its invoice numbers ('FAT-01-2022…') are its own
  { id: 'COPEL', name: 'Copel', marks: /\bCOPEL\b|04\.368\.898|\bFAT-\d{2}-\d{8,}/g },
  { id: 'CELESC', name: 'Celesc', marks: /\bCELESC\b|08\.?336\.?783/g },
  { id: 'EDP', name: 'EDP (ES, SP)', marks: /\bEDP\b|28\.?152\.?650|02\.?302\.?100/g, installationFirst: true },
  {
    id: 'ENERGISA', name: 'Energisa', marks: /\bENERGISA\b|15\.413\.826/g,
    labels: { installation: /\bUNIDADE CONSUMIDORA\b|\bUC\b|\bCODIGO DA INSTALACAO\b/, clientCode: /\bMATRICULA\b|\bCODIGO DO CLIENTE\b/ },
  },
  {
    id: 'EQUATORIAL', name: 'Equatorial (PA, MA, PI, AL, GO, AP, RS)', marks: /\bEQUATORIAL\b|\bCELG\b|ENEL DISTRIBUICAO GOIAS|06\.840\.748|01\.543\.032|12\.272\.084/g,
    labels: { clientCode: /\bCONTA CONTRATO\b|\bPARCEIRO DE NEGOCIO\b|\bC\.C:/ },
  },
  {
    installationFirst: true,
    id: 'NEOENERGIA', name: 'Neoenergia (Coelba, Celpe, Cosern, Elektro, Brasília)', marks: /\bNEOENERGIA\b|\bCOELBA\b|\bCELPE\b|\bCOSERN\b|\bELEKTRO\b|COMPANHIA ENERGETICA DE PERNAMBUCO|COMPANHIA DE ELETRICIDADE DO ESTADO DA BAHIA|10\.835\.932|15\.139\.629/g,
  },
  { id: 'AMAZONAS', name: 'Amazonas Energia', marks: /AMAZONAS ENERGIA|AMAZONAS DISTRIBUIDORA/g },
  { id: 'CEEE', name: 'CEEE', marks: /\bCEEE\b/g },
];

/** The family named most often on the bill (name or CNPJ), or null for a distributor not in the table. */
export function distributorOf(folded: string): DistributorFamily | null {
  let best: DistributorFamily | null = null;
  let bestCount = 0;
  for (const family of DISTRIBUTOR_FAMILIES) {
    const count = folded.match(family.marks)?.length ?? 0;
    if (count > bestCount) { best = family; bestCount = count; }
  }
  if (best?.successor?.when.test(folded)) return DISTRIBUTOR_FAMILIES.find((f) => f.id === best!.successor!.id) ?? best;
  return best;
}

export const DISTRIBUTOR_IDS = DISTRIBUTOR_FAMILIES.map((f) => f.id);
