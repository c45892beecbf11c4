/**
 * The FAQ the admins keep in the back-office (spec §2 'Preciso de atendimento', §7 GET /faq): what
 * the server answers when a question or its answer does not fit.
 */
export const faqMessages = {
  'faq.question.required': 'Escreva a pergunta.',
  'faq.question.tooLong': 'A pergunta pode ter até 200 caracteres.',
  'faq.answer.required': 'Escreva a resposta.',
  'faq.answer.tooLong': 'A resposta pode ter até 5.000 caracteres.',
  'faq.order.incomplete': 'A nova ordem deve listar cada pergunta uma vez.',
  'faq.notFound': 'Esta pergunta não existe mais. Recarregue a lista.',
} as const;
