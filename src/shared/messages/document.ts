/** The documents on the booking screen (spec §2, §4 "Document upload", §5 "Files", §8). */
export const documentMessages = {
  'document.title': 'Documentos',
  'document.lead.individual': 'Envie a frente do seu documento de identidade (RG ou CNH) e, se tiver, o verso.',
  'document.lead.company': 'Envie os três documentos da empresa juntos.',
  'document.hint': 'Somente imagens coloridas',
  'document.submit': 'Enviar documentos',
  'document.sent.title': 'Documento enviado com sucesso!',
  'document.sent.text': 'Seu documento será analisado pela nossa equipe e você será avisado por e-mail.',
  'document.sent.confirm': 'Entendi',
  'document.required.one': 'Insira o documento necessário!',
  'document.required.all': 'Insira todos os documentos necessários!',
  'document.denied.reason': 'Motivo: {reason}',
  'document.denied.again': 'Envie um novo arquivo abaixo.',
  'document.reviewing': 'Seus documentos estão em análise. Avisaremos quando forem aprovados.',
  'document.approved': 'Documentos aprovados! Em breve você assina os contratos.',
  'document.load.error': 'Não foi possível carregar seus documentos. Verifique sua conexão e tente novamente.',
  'document.retry': 'Tentar novamente',
} as const;
