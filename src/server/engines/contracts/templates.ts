/**
 * DRAFTS PENDING LEGAL REVIEW. Every text in this module is a working draft written by the
 * engineering team from the business terms of the spec (§9 "Contract text terms", plan table,
 * installation warranty) and has NOT been reviewed by a lawyer. Do not send contracts built from
 * these texts to real customers before legal sign-off; the reviewer edits this file only.
 *
 * The texts are data: plain Portuguese with `{placeholders}` that `fillTemplate` replaces with
 * values already formatted by the engine (money in pt-BR, dates dd/mm/aaaa). A placeholder with
 * no value throws, so a typo here never reaches a customer as a literal '{...}'.
 *
 * Keep to characters Helvetica's WinAnsi encoding draws (Portuguese letters, º, §, – are fine).
 */

export type ContractKind = 'ADHESION_TERM' | 'POWER_OF_ATTORNEY' | 'PURCHASE_CONTRACT';
/** The contract a power of attorney serves: a subscription's adhesion term or a purchase contract. */
export type MainContractKind = 'ADHESION_TERM' | 'PURCHASE_CONTRACT';
/** How a purchase is paid (spec §3 local storage paymentType). */
export type PurchasePaymentType = 'CASH_PURCHASE' | 'FINANCING';

/** A numbered clause: a title and its paragraphs (each paragraph one template). */
export interface ClauseTemplate {
  /** Clause key, stable for tests and for the legal reviewer's notes. */
  key: string;
  title: string;
  paragraphs: readonly string[];
}

export const CONTRACT_TITLES: Record<ContractKind, string> = {
  ADHESION_TERM: 'Termo de Adesão',
  POWER_OF_ATTORNEY: 'Procuração Técnica',
  PURCHASE_CONTRACT: 'Contrato de compra',
};

export const CONTRACT_SUBTITLES: Record<ContractKind, string> = {
  ADHESION_TERM: 'Assinatura de sistema de energia solar fotovoltaica',
  POWER_OF_ATTORNEY: 'Representação técnica perante a distribuidora de energia elétrica',
  PURCHASE_CONTRACT: 'Compra e instalação de sistema de energia solar fotovoltaica',
};

/** Section headings and field labels of the contracts. */
export const LABELS = {
  contractId: 'Contrato nº',
  issuedAt: 'Emitido em',
  parties: 'Partes',
  contractor: 'CONTRATADA',
  customer: 'CONTRATANTE',
  grantor: 'OUTORGANTE',
  grantee: 'OUTORGADA',
  plan: 'Plano contratado',
  generalConditions: 'Condições gerais',
  powers: 'Poderes',
  signatures: 'Assinaturas',
  planName: 'Plano',
  planTerm: 'Prazo',
  monthlyFee: 'Mensalidade',
  freeMonths: 'Meses gratuitos',
  billing: 'Forma de pagamento',
  adhesionFee: 'Taxa de adesão',
  installationFee: 'Instalação',
  savingsEstimate: 'Economia estimada (12 meses)',
  consumerUnit: 'Unidade consumidora',
  purchase: 'Sistema contratado',
  system: 'Sistema',
  modules: 'Módulos',
  inverter: 'Inversor',
  annualProduction: 'Produção estimada',
  total: 'Valor total',
  proposal: 'Proposta comercial',
  noAddress: 'endereço da unidade consumidora a confirmar na visita técnica',
  draftMark: 'MINUTA - texto pendente de revisão jurídica',
  footer: 'Contrato {contract_id} - {title} - Página {page}/{pages}',
} as const;

/** The parties' qualification lines (the first paragraph of each contract). */
export const QUALIFICATION = {
  company: '{company} ({brand}), inscrita no CNPJ sob o nº {company_cnpj}, com sede em {company_address}, doravante {role}.',
  person:
    '{name}{document}{birth}{occupation}{marital_status}, e-mail {email}, telefone {phone}, com endereço em {address}, doravante {role}.',
  business:
    '{name}, inscrita no CNPJ sob o nº {document}, e-mail {email}, telefone {phone}, com endereço em {address}, neste ato representada por seu representante legal {rep_name}, CPF nº {rep_cpf}, doravante {role}.',
  /** a person's CPF; without one on record, the identity document sent to the portal identifies them */
  cpf: ', CPF nº {document}',
  noCpf: ', identificado(a) pelo documento de identidade enviado ao portal',
  birth: ', nascido(a) em {date_of_birth}',
  occupation: ', profissão {occupation}',
  marital_status: ', estado civil {marital_status}',
} as const;

export const MARITAL_STATUS_LABELS: Record<string, string> = {
  solteiro: 'solteiro(a)',
  casado: 'casado(a)',
  viuvo: 'viúvo(a)',
  divorciado: 'divorciado(a)',
  'uniao estavel': 'em união estável',
};

export const BILLING_TEXT = {
  card: 'cartão de crédito {brand} final {last4}, com cobrança mensal recorrente',
  boleto: 'boleto bancário com vencimento no dia {day} de cada mês',
} as const;

export const PLAN_VALUES = {
  term: '{term_years} anos',
  freeMonths: '{free_months}',
  zero: 'R$ 0,00',
  installationFree: 'R$ 0,00 (gratuita)',
  savingsFromProposal: 'conforme a proposta comercial',
} as const;

/** The adhesion term's clauses, in order (spec §9 contract terms and plan table). */
export const ADHESION_CLAUSES: readonly ClauseTemplate[] = [
  {
    key: 'object',
    title: 'Objeto',
    paragraphs: [
      'Este Termo formaliza a adesão do CONTRATANTE ao {plan_name} da {company}. A CONTRATADA projeta, instala, mantém e monitora um sistema de geração de energia solar fotovoltaica na unidade consumidora do CONTRATANTE ({address}), e o CONTRATANTE paga uma mensalidade fixa durante o prazo do plano.',
    ],
  },
  {
    key: 'no-fees',
    title: 'Adesão e instalação sem custo',
    paragraphs: [
      'Não há taxa de adesão: o valor da adesão é R$ 0,00. A instalação do sistema é gratuita (R$ 0,00), incluídos o projeto, o frete dos equipamentos e a mão de obra.',
    ],
  },
  {
    key: 'term-activation',
    title: 'Prazo do plano e ativação',
    paragraphs: [
      'O plano vale por {term_years} anos, contados do início da produção de energia pelo sistema.',
      'A CONTRATADA instala e ativa o sistema no prazo de ativação informado na proposta. Se a aprovação da distribuidora de energia, a vistoria ou outro fato fora do controle da CONTRATADA atrasar a ativação, esse prazo é prorrogado automaticamente por 90 dias, sem multa para nenhuma das partes.',
    ],
  },
  {
    key: 'fee-billing',
    title: 'Mensalidade e pagamento',
    paragraphs: [
      'A mensalidade é de {monthly_fee}, paga por {billing}.',
      'A primeira mensalidade é cobrada 30 dias após o início da produção de energia pelo sistema. {free_months_sentence}',
    ],
  },
  {
    key: 'late-payment',
    title: 'Atraso no pagamento',
    paragraphs: [
      'A mensalidade paga com atraso tem multa de 2% sobre o valor devido, mais juros de 1% ao mês, com correção monetária pelo IGP-M (FGV), do vencimento até o pagamento.',
    ],
  },
  {
    key: 'protest-termination',
    title: 'Protesto e rescisão por falta de pagamento',
    paragraphs: [
      'Após 60 dias de atraso, o débito pode ser levado a protesto e o nome do CONTRATANTE pode ser incluído nos cadastros de proteção ao crédito.',
      'Após 90 dias de atraso, a CONTRATADA pode rescindir este Termo. Nesse caso, o CONTRATANTE paga o débito em aberto e uma multa rescisória de 3 mensalidades vigentes.',
      'Antes do protesto, da inclusão em cadastros de crédito ou da rescisão, a CONTRATADA avisa o CONTRATANTE por e-mail, SMS ou carta com aviso prévio de 10 dias, para que ele possa quitar o débito.',
    ],
  },
  {
    key: 'access',
    title: 'Acesso ao imóvel',
    paragraphs: [
      'O CONTRATANTE permite o acesso da equipe da CONTRATADA ao imóvel, em dia e horário combinados, para instalação, vistoria, manutenção e retirada dos equipamentos. Cada dia de recusa injustificada de acesso gera multa diária de R$ 50,00.',
    ],
  },
  {
    key: 'service',
    title: 'Manutenção e atendimento',
    paragraphs: [
      'A CONTRATADA monitora o sistema pelo aplicativo e faz a manutenção sem custo adicional durante o prazo do plano. Os chamados técnicos recebem resposta em até 72 horas, contadas da abertura do chamado nos canais de atendimento.',
    ],
  },
  {
    key: 'warranty',
    title: 'Garantia da instalação',
    paragraphs: [
      'A instalação tem garantia de 1 ano, contado da ativação do sistema, contra defeitos de execução (fixação, cabeamento e vedação do telhado no ponto de instalação). Os equipamentos seguem, além disso, as garantias dos seus fabricantes.',
    ],
  },
  {
    key: 'savings',
    title: 'Economia estimada',
    paragraphs: [
      'A economia estimada para os primeiros 12 meses de produção é {savings_estimate}. Ao fim desses 12 meses, se a economia real (a energia compensada nas contas de luz do CONTRATANTE) for menor que a estimada, a CONTRATADA concede desconto nas mensalidades seguintes no valor da diferença.',
    ],
  },
  {
    key: 'objection',
    title: 'Contestação de cobranças',
    paragraphs: [
      'O CONTRATANTE pode contestar qualquer cobrança em até 30 dias do seu vencimento, pelos canais de atendimento. A CONTRATADA responde por escrito e, se a contestação for procedente, devolve ou compensa o valor na mensalidade seguinte.',
    ],
  },
  {
    key: 'ownership',
    title: 'Propriedade do sistema',
    paragraphs: ['{ownership_sentence}'],
  },
  {
    key: 'retrieval',
    title: 'Fim do plano e retirada dos equipamentos',
    paragraphs: [
      'Terminado o plano sem transferência da propriedade do sistema, ou rescindido este Termo, a CONTRATADA retira os equipamentos em até 30 dias, em data combinada com o CONTRATANTE, e deixa o local de instalação nas condições em que o encontrou, ressalvado o desgaste natural.',
    ],
  },
  {
    key: 'attorney-fees',
    title: 'Cobrança por advogado',
    paragraphs: [
      'Se for necessário cobrar o débito por meio de advogado, judicial ou extrajudicialmente, o CONTRATANTE paga também honorários advocatícios de 20% sobre o valor devido.',
    ],
  },
  {
    key: 'data',
    title: 'Dados pessoais',
    paragraphs: [
      'A CONTRATADA trata os dados pessoais do CONTRATANTE para cumprir este Termo, conforme a Lei nº 13.709/2018 (Lei Geral de Proteção de Dados) e a sua Política de Privacidade.',
    ],
  },
  {
    key: 'e-signature',
    title: 'Assinatura eletrônica',
    paragraphs: [
      'As partes aceitam a assinatura eletrônica deste Termo, com identificação do CONTRATANTE por código enviado por SMS ao seu telefone verificado, nos termos do art. 10, § 2º, da Medida Provisória nº 2.200-2/2001. A página de assinaturas anexada ao final registra a trilha de auditoria e o hash SHA-256 deste documento.',
    ],
  },
  {
    key: 'venue',
    title: 'Foro',
    paragraphs: ['Fica eleito o foro da comarca do domicílio do CONTRATANTE para resolver qualquer questão sobre este Termo.'],
  },
];

/** The adhesion term's sentences that depend on the plan. */
export const ADHESION_VARIANTS = {
  freeMonths: {
    none: '',
    one: 'A primeira mensalidade do plano é gratuita (1 mês gratuito).',
    many: 'As {free_months} primeiras mensalidades do plano são gratuitas ({free_months} meses gratuitos).',
  },
  ownership: {
    /** The 20-year plan (spec §9: the system belongs to the customer after the 20th year). */
    transfer:
      'Durante o prazo do plano, o sistema é de propriedade da CONTRATADA. No plano de {term_years} anos, ao fim do {term_years}º ano, com as mensalidades quitadas, o sistema passa a ser de propriedade do CONTRATANTE, sem custo adicional.',
    keep: 'O sistema é e continua de propriedade da CONTRATADA durante e após o prazo do plano; o CONTRATANTE é seu depositário e o usa para gerar energia na sua unidade consumidora.',
  },
  savingsEstimateValue: '{savings} (valor estimado na proposta comercial)',
  savingsEstimateProposal: 'a indicada na proposta comercial',
} as const;

/** The last words of the adhesion term, before the signature page. */
export const ADHESION_CLOSING =
  'E, por estarem de acordo, as partes assinam este Termo eletronicamente. A data e a hora de cada assinatura constam da página de assinaturas.';

/** Values of the purchase contract's fields block. */
export const PURCHASE_VALUES = {
  power: '{power_kwp} kWp',
  annualProduction: '{annual_production} kWh por ano',
  fromProposal: 'conforme a proposta comercial',
  paymentType: {
    CASH_PURCHASE: 'À vista (boleto ou Pix)',
    FINANCING: 'Financiamento bancário',
  },
  /** The proposal the purchase follows, by its number and date when known: 'nº 12, de 28/02/2025'. */
  proposalNumber: 'nº {proposal_id}',
  proposalDate: 'de {proposal_date}',
  /** In the object clause: ' (proposta nº 12, de 28/02/2025)'. */
  proposalRef: ' (proposta {proposal})',
} as const;

/**
 * How the equipment reads (spec §9: quantities below 10 zero-padded, 'Sem marca' without a brand):
 * '08 módulos fotovoltaicos de 550 W (Canadian Solar)', '01 inversor de 5 kW (Sem marca)'.
 */
export const EQUIPMENT_TEXT = {
  modules: { one: 'módulo fotovoltaico', many: 'módulos fotovoltaicos' },
  inverters: { one: 'inversor', many: 'inversores' },
  line: '{quantity}{noun}{power} ({brand}){no_quantity}',
  quantity: '{quantity} ',
  power: ' de {power}',
  /** Without a quantity on record, the proposal's applies. */
  noQuantity: ', na quantidade indicada na proposta comercial',
} as const;

/** The purchase contract's clauses, in order (spec §1 cash purchase or bank financing; §9 warranty and free freight). */
export const PURCHASE_CLAUSES: readonly ClauseTemplate[] = [
  {
    key: 'object',
    title: 'Objeto',
    paragraphs: [
      'Este Contrato formaliza a compra, pelo CONTRATANTE, de um sistema de geração de energia solar fotovoltaica que a {company} fornece e instala na unidade consumidora do CONTRATANTE ({address}), conforme a proposta comercial final aceita pelo CONTRATANTE no portal{proposal_ref}.',
      'O sistema tem potência de {power_kwp} kWp e é composto por {modules} e {inverters}, além da estrutura de fixação, do cabeamento e dos demais componentes necessários à instalação.',
      'A CONTRATADA elabora o projeto, fornece os equipamentos, instala o sistema e cuida da sua homologação perante a distribuidora de energia elétrica, nos termos das cláusulas seguintes.',
    ],
  },
  {
    key: 'price-payment',
    title: 'Preço e pagamento',
    paragraphs: [
      'O preço total do sistema é de {total}, incluídos os equipamentos, o projeto, a homologação, o frete e a instalação.',
      '{payment_terms}',
      '{payment_effect}',
      '{payment_denied}',
    ],
  },
  {
    key: 'delivery-installation',
    title: 'Entrega e instalação',
    paragraphs: [
      '{delivery_condition} e aprovada pela distribuidora de energia elétrica a solicitação de acesso do sistema, a CONTRATADA entrega o kit de equipamentos no endereço da unidade consumidora e faz a instalação, em data combinada com o CONTRATANTE.',
      'O frete dos equipamentos até a unidade consumidora é gratuito para o CONTRATANTE.',
      'O CONTRATANTE permite o acesso da equipe da CONTRATADA ao imóvel, em dia e horário combinados, para a entrega, a instalação e a vistoria, e mantém o local de instalação nas condições avaliadas na visita técnica.',
    ],
  },
  {
    key: 'homologation',
    title: 'Homologação',
    paragraphs: [
      'A CONTRATADA apresenta à distribuidora de energia elétrica, em nome do CONTRATANTE, a solicitação de acesso para a micro ou minigeração distribuída e acompanha o pedido até a conexão do sistema, com base na procuração técnica assinada com este Contrato.',
      'Para esse pedido, o CONTRATANTE envia pelo portal um documento pessoal com foto (RG ou CNH). Os prazos de análise, vistoria e troca do medidor são da distribuidora.',
    ],
  },
  {
    key: 'warranties',
    title: 'Garantias',
    paragraphs: [
      'Os equipamentos têm as garantias indicadas na proposta comercial, nos termos de cada fabricante: módulos fotovoltaicos, {module_warranty}; inversor, {inverter_warranty}; estrutura de fixação, {structure_warranty}.',
      'A instalação tem garantia de 1 ano, contado da conclusão da instalação, contra defeitos de execução (fixação, cabeamento e vedação do telhado no ponto de instalação).',
    ],
  },
  {
    key: 'production',
    title: 'Produção estimada',
    paragraphs: [
      '{production_sentence} Essa produção é uma estimativa, calculada com a irradiação solar da região e as condições do local de instalação; a produção real varia com o clima, o sombreamento e a limpeza dos módulos.',
      'A CONTRATADA não garante economia na conta de energia além do que a proposta comercial declara: a economia depende também do consumo do CONTRATANTE, das tarifas da distribuidora e das regras do setor elétrico.',
    ],
  },
  {
    key: 'withdrawal',
    title: 'Direito de arrependimento',
    paragraphs: [
      'Como este Contrato é celebrado pela internet, o CONTRATANTE pode desistir dele em até 7 dias contados da sua assinatura, nos termos do art. 49 do Código de Defesa do Consumidor (Lei nº 8.078/1990), por qualquer dos canais de atendimento. Nesse caso, a CONTRATADA devolve de imediato os valores pagos, com correção monetária.',
    ],
  },
  {
    key: 'termination',
    title: 'Rescisão',
    paragraphs: [
      'Qualquer das partes pode rescindir este Contrato se a outra descumprir uma obrigação dele e não corrigir a falta em até 10 dias depois de avisada por escrito.',
      'Rescindido este Contrato por falta da CONTRATADA antes da entrega dos equipamentos, ela devolve ao CONTRATANTE os valores pagos, com correção monetária, em até 30 dias.',
    ],
  },
  {
    key: 'data',
    title: 'Dados pessoais',
    paragraphs: [
      'A CONTRATADA trata os dados pessoais do CONTRATANTE para cumprir este Contrato, conforme a Lei nº 13.709/2018 (Lei Geral de Proteção de Dados) e a sua Política de Privacidade.',
    ],
  },
  {
    key: 'e-signature',
    title: 'Assinatura eletrônica',
    paragraphs: [
      'As partes aceitam a assinatura eletrônica deste Contrato, com identificação do CONTRATANTE por código enviado por SMS ao seu telefone verificado, nos termos do art. 10, § 2º, da Medida Provisória nº 2.200-2/2001. A página de assinaturas anexada ao final registra a trilha de auditoria e o hash SHA-256 deste documento.',
    ],
  },
  {
    key: 'venue',
    title: 'Foro',
    paragraphs: [
      'Fica eleito o foro da comarca do domicílio do CONTRATANTE para resolver qualquer questão sobre este Contrato, nos termos do art. 101, inciso I, do Código de Defesa do Consumidor.',
    ],
  },
];

/** The purchase contract's sentences that depend on the payment type and the proposal. */
export const PURCHASE_VARIANTS = {
  payment: {
    CASH_PURCHASE: {
      terms: 'O pagamento é feito à vista, por boleto bancário ou Pix, pela fatura emitida no portal depois da assinatura deste Contrato.',
      effect: 'A CONTRATADA agenda a entrega dos equipamentos depois da confirmação do pagamento.',
      denied: '',
      delivery: 'Confirmado o pagamento',
    },
    FINANCING: {
      terms:
        'O pagamento é feito por financiamento bancário contratado pelo CONTRATANTE com instituição financeira parceira da CONTRATADA. As condições do financiamento (taxa, prazo e parcelas) constam do contrato firmado entre o CONTRATANTE e a instituição financeira.',
      effect: 'A compra se torna efetiva com a aprovação do financiamento e a liberação do crédito pela instituição financeira.',
      denied: 'Se o financiamento for negado, este Contrato fica sem efeito, sem custo ou multa para qualquer das partes.',
      delivery: 'Aprovado o financiamento, liberado o crédito',
    },
  },
  production: {
    value: 'A produção anual estimada do sistema é de {annual_production} kWh, conforme a proposta comercial.',
    proposal: 'A produção anual estimada do sistema é a indicada na proposta comercial.',
  },
} as const;

/** The last words of the purchase contract, before the signature page. */
export const PURCHASE_CLOSING =
  'E, por estarem de acordo, as partes assinam este Contrato eletronicamente. A data e a hora de cada assinatura constam da página de assinaturas.';

/**
 * The power of attorney (spec §3 contract item 'Procuração'). It serves the subscription's adhesion
 * term or a purchase contract (spec §3 signature entry 'Contrato de compra or Procuração'); only the
 * contract it refers to and its validity change, the powers are the same.
 */
export const POWER_OF_ATTORNEY_TEXT = {
  appointment:
    'Pelo presente instrumento, o OUTORGANTE nomeia e constitui a OUTORGADA sua representante técnica perante a distribuidora de energia elétrica responsável pela unidade consumidora localizada em {address}, para a conexão do sistema de geração de energia solar fotovoltaica {main_contract_sentence}.',
  /** The end of the appointment: which contract this procuration serves (main_contract_kind). */
  mainContract: {
    ADHESION_TERM: 'contratado no Termo de Adesão{main_contract_ref} ({plan_name})',
    PURCHASE_CONTRACT: 'adquirido pelo OUTORGANTE no Contrato de compra{main_contract_ref}, ao qual esta procuração é vinculada',
  },
  /** ' nº X' when the main contract's id is known. */
  mainContractRef: ' nº {main_contract_id}',
  powersLead: 'Para isso, confere à OUTORGADA poderes para:',
  powers: [
    'a) fazer a solicitação de acesso à rede de distribuição para a micro ou minigeração distribuída e acompanhar o seu andamento;',
    'b) apresentar o pedido de homologação do sistema, com projeto, memoriais, ART e demais documentos técnicos, e cumprir as exigências técnicas da distribuidora;',
    'c) solicitar, agendar e acompanhar a vistoria das instalações e a troca ou adequação do medidor;',
    'd) assinar formulários, prestar informações e receber comunicações da distribuidora relativos a esses pedidos.',
  ],
  limits:
    'Esta procuração se limita aos atos técnicos acima. Ela não dá poderes para alterar a titularidade da unidade consumidora, contratar serviços, assumir dívidas ou receber valores em nome do OUTORGANTE.',
  substitution:
    'A OUTORGADA pode substabelecer estes poderes, com reserva, ao profissional habilitado responsável técnico pelo projeto.',
  validity: {
    ADHESION_TERM: 'Esta procuração vale pelo prazo do plano contratado ({term_years} anos) ou até ser revogada por escrito pelo OUTORGANTE.',
    PURCHASE_CONTRACT:
      'Esta procuração vale até a conexão do sistema à rede de distribuição, com a conclusão dos pedidos acima, ou até ser revogada por escrito pelo OUTORGANTE.',
  },
  closing: 'O OUTORGANTE assina esta procuração eletronicamente; a data e a hora da assinatura constam da página de assinaturas.',
} as const;

/** The signature (evidence) page appended at signing. */
export const SIGNATURE_PAGE = {
  title: 'Página de assinaturas',
  lead: 'Registro das assinaturas eletrônicas do documento {title} (contrato {contract_id}).',
  document: 'Documento',
  documentTitle: 'Título',
  contractId: 'Contrato',
  originalPages: 'Páginas do documento original',
  originalHash: 'SHA-256 do documento original',
  signers: 'Signatários',
  name: 'Nome',
  role: 'Qualidade',
  cpf: 'CPF',
  phone: 'Telefone',
  method: 'Método de autenticação',
  consent: 'Declaração aceita',
  serverTime: 'Data e hora (servidor)',
  ip: 'Endereço IP',
  userAgent: 'Navegador',
  documentHash: 'SHA-256 do original assinado',
  auditTrail: 'Trilha de auditoria',
  localTimeSuffix: '(horário de Brasília)',
  closing:
    'O SHA-256 acima identifica o documento original: qualquer alteração em um único byte produz outro valor. O arquivo com esta página tem o seu próprio SHA-256, registrado pela {company} no momento da assinatura.',
  footer: 'Contrato {contract_id} - Página de assinaturas {page}/{pages} - anexa ao documento original de {original_pages} página(s)',
} as const;

/** What each signer declares (spec: the consent the signature screen shows). */
export const CONSENT_TEXT = 'Li e concordo com as Condições gerais.';
/** How each signer was identified. */
export const SIGNATURE_METHOD = 'Código SMS enviado ao telefone verificado';

/** The signer's capacity on the evidence page: who proved what (issue 29, F13). */
export const SIGNER_ROLE_LABELS = {
  customer: 'Cliente, em nome próprio',
  holder: 'Titular da conta de energia, em nome próprio (código enviado ao celular do titular)',
  representative: 'Representante legal da empresa contratante (código enviado ao celular do representante)',
} as const;

export type AuditEventKind = 'created' | 'viewed' | 'code_sent' | 'signed';
export const AUDIT_EVENT_LABELS: Record<AuditEventKind, string> = {
  created: 'Documento criado',
  viewed: 'Documento visualizado',
  code_sent: 'Código SMS enviado',
  signed: 'Documento assinado',
};

/**
 * Replaces every `{name}` of `template` with `values[name]`. Throws on a placeholder with no value,
 * so a broken template fails in tests rather than in a customer's contract.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`contract template: no value for {${name}}`);
    return String(value);
  });
}
