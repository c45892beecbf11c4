/**
 * Frequently asked questions (spec §3 FAQ entry {id, title, description}) and the search of the
 * FAQ dialog (spec §2: 'Qual a sua pergunta?', filters by title, case-insensitive). These are the
 * starting questions: the server seeds its table with them once, admins keep them in the back-office
 * after that. The answers are HTML, sanitised by the server when kept and served (GET /faq,
 * src/server/faq/sanitise.ts) and again by the browser before they are shown
 * (src/web/ui/FaqDialog/faqHtml.ts), like any HTML that comes over the wire.
 */
export interface FaqEntry { id: number; title: string; description: string }

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 1,
    title: 'Como funciona a assinatura de energia solar?',
    description: '<p>Você escolhe um plano mensal e nós instalamos um sistema solar no seu imóvel, sem investimento inicial. A instalação é gratuita e a mensalidade fica abaixo do que você deixa de pagar na conta de luz.</p>',
  },
  {
    id: 2,
    title: 'Por que preciso enviar a minha conta de luz?',
    description: '<p>Nosso assistente virtual lê o consumo atual, o histórico dos últimos meses, a classe de consumo e o titular da conta. Com esses dados dimensionamos o seu sistema e montamos a sua proposta.</p>',
  },
  {
    id: 3,
    title: 'Quanto tempo leva a análise da conta de luz?',
    description: '<p>Na maioria das vezes a análise termina em poucos minutos. Quando uma pessoa da nossa equipe precisa conferir os dados, respondemos em até 24 horas por e-mail, telefone ou WhatsApp.</p>',
  },
  {
    id: 4,
    title: 'Minha conta de luz foi considerada ilegível. O que faço?',
    description: '<p>Envie novamente o PDF completo ou uma foto nítida da conta mais recente, com todas as informações visíveis. Aceitamos arquivos PDF, JPG ou PNG de até 10MB.</p>',
  },
  {
    id: 5,
    title: 'A visita técnica tem custo?',
    description: '<p>Não. A visita técnica é gratuita: um técnico confirma o telhado, a rede elétrica e o tamanho do sistema antes da proposta final. Você pode remarcar ou cancelar até 24 horas antes.</p>',
  },
  {
    id: 6,
    title: 'Vocês atendem apartamentos?',
    description: '<p>Ainda não. Atendemos casas e imóveis comerciais onde os painéis possam ser instalados no telhado ou no terreno do próprio imóvel.</p>',
  },
  {
    id: 7,
    title: 'Posso comprar o sistema em vez de assinar?',
    description: '<p>Sim. Na proposta final você escolhe entre a compra à vista e o financiamento com um dos nossos bancos parceiros.</p>',
  },
  {
    id: 8,
    title: 'Quando começo a economizar?',
    description: '<p>A geração começa cerca de 3 meses depois da aprovação do projeto, quando o sistema está instalado e a distribuidora de energia faz a conexão. Você acompanha cada etapa em Status do projeto.</p>',
  },
  {
    id: 9,
    title: 'Quanto tempo a distribuidora tem para aprovar o meu projeto?',
    description: '<p>Os prazos da distribuidora de energia são definidos pela ANEEL na Resolução Normativa nº 1.000/2021. Cada etapa tem o seu:</p>'
      + '<ul><li><strong>Orçamento de conexão</strong>: a resposta ao pedido de conexão do seu sistema.</li>'
      + '<li><strong>Vistoria</strong>: a visita da distribuidora depois da instalação.</li>'
      + '<li><strong>Conexão</strong>: a troca do medidor e a liberação do sistema.</li></ul>'
      + '<p>Em <em>Status do Projeto</em> você vê o protocolo do pedido, a data em que foi feito, o prazo da etapa atual e quantos dias já se passaram.</p>',
  },
  {
    id: 10,
    title: 'O que faço se a distribuidora passar do prazo?',
    description: '<p>Nossa equipe cobra a distribuidora assim que o prazo termina. Você também pode agir:</p>'
      + '<ol><li>Registre uma reclamação na <strong>ouvidoria da distribuidora</strong>, informando o número do protocolo que aparece em Status do Projeto.</li>'
      + '<li>Se a ouvidoria não resolver, fale com a <strong>ANEEL</strong> pelo telefone 167 (ligação gratuita) ou pelo <a href="https://www.gov.br/aneel">site da ANEEL</a>.</li></ol>',
  },
  {
    id: 11,
    title: 'Como envio um documento que a equipe pediu?',
    description: '<p>Quando nossa equipe precisa de um arquivo seu, a área de envio aparece em Status do Projeto. Arraste o arquivo até ela ou escolha no seu aparelho: aceitamos PDF, JPG ou PNG de até 10MB.</p>',
  },
];

/** Lower case without accents, so 'visita tecnica' finds 'Visita Técnica'. */
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The entries whose title contains the query, ignoring case and accents; all of them for a blank query. */
export function filterFaq<T extends Pick<FaqEntry, 'title'>>(entries: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  if (!q) return [...entries];
  return entries.filter((e) => fold(e.title).includes(q));
}
