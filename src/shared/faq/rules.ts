/**
 * Frequently asked questions (spec §3 FAQ entry {id, title, description}) and the search of the
 * FAQ dialog (spec §2: 'Qual a sua pergunta?', filters by title, case-insensitive). The answers are
 * plain text written here; the HTML answers of GET /faq would be sanitised before rendering.
 */
export interface FaqEntry { id: number; title: string; description: string }

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 1,
    title: 'Como funciona a assinatura de energia solar?',
    description: 'Você escolhe um plano mensal e nós instalamos um sistema solar no seu imóvel, sem investimento inicial. A instalação é gratuita e a mensalidade fica abaixo do que você deixa de pagar na conta de luz.',
  },
  {
    id: 2,
    title: 'Por que preciso enviar a minha conta de luz?',
    description: 'Nosso assistente virtual lê o consumo atual, o histórico dos últimos meses, a classe de consumo e o titular da conta. Com esses dados dimensionamos o seu sistema e montamos a sua proposta.',
  },
  {
    id: 3,
    title: 'Quanto tempo leva a análise da conta de luz?',
    description: 'Na maioria das vezes a análise termina em poucos minutos. Quando uma pessoa da nossa equipe precisa conferir os dados, respondemos em até 24 horas por e-mail, telefone ou WhatsApp.',
  },
  {
    id: 4,
    title: 'Minha conta de luz foi considerada ilegível. O que faço?',
    description: 'Envie novamente o PDF completo ou uma foto nítida da conta mais recente, com todas as informações visíveis. Aceitamos arquivos PDF, JPG ou PNG de até 10MB.',
  },
  {
    id: 5,
    title: 'A visita técnica tem custo?',
    description: 'Não. A visita técnica é gratuita: um técnico confirma o telhado, a rede elétrica e o tamanho do sistema antes da proposta final. Você pode remarcar ou cancelar até 24 horas antes.',
  },
  {
    id: 6,
    title: 'Vocês atendem apartamentos?',
    description: 'Ainda não. Atendemos casas e imóveis comerciais onde os painéis possam ser instalados no telhado ou no terreno do próprio imóvel.',
  },
  {
    id: 7,
    title: 'Posso comprar o sistema em vez de assinar?',
    description: 'Sim. Na proposta final você escolhe entre a compra à vista e o financiamento com um dos nossos bancos parceiros.',
  },
  {
    id: 8,
    title: 'Quando começo a economizar?',
    description: 'A geração começa cerca de 3 meses depois da aprovação do projeto, quando o sistema está instalado e a distribuidora de energia faz a conexão. Você acompanha cada etapa em Status do projeto.',
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
