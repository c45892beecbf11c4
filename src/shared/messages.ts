/**
 * The one pt-BR catalogue. Keys follow the spec's message keys where it names one;
 * texts are the spec's exact strings. Screens, machines and the server all read from here.
 */
export const messages = {
  // generic (spec §5)
  'common.form.required': 'Campo obrigatório',
  'common.error.generic': 'Algo deu de errado, tente novamente.',
  'common.error.phoneStep': 'Algo deu errado. Tente novamente!',
  'common.error.network': 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  'common.error.unauthorized': 'Sua sessão expirou. Entre novamente.',
  'common.error.notFound': 'Serviço não encontrado.',
  'common.logout.error': 'Não foi possível fazer logout',

  // login / sign-up phone (spec §5)
  'code.RECAPTCHA_REQUIRED': 'Por favor, complete o desafio de racaptcha!',
  'code.COUNTRY_CODE_REQUIRED': 'DDI obrigatório',
  'code.COUNTRY_CODE_INVALID': 'Preencha corretamente o campo País',
  'code.PHONE_NUMBER_INVALID': 'Informe um celular válido com DDD e 9 dígitos',
  'code.AREA_CODE_INVALID': 'DDD deve possuir no mínimo três dígitos',
  'login.notRegistered': 'Você ainda não está cadastrado. Cadastre-se já!',

  // SMS code (spec §5, §8)
  'common.access.form.requiredCode': 'Campo obrigatório',
  'common.access.form.maxCode': 'Por favor, informe um código válido!',
  'access.code.invalid': 'Código de acesso inválido',
  'access.code.expired': 'Este código expirou. Peça um novo código.',
  'access.code.tooManyTries': 'Muitas tentativas com código errado. Aguarde alguns minutos e peça um novo código.',
  'access.code.resendTooEarly': 'Aguarde o fim da contagem para pedir um novo código.',
  'access.code.sendLimit': 'Limite de envios atingido. Tente novamente em alguns minutos.',
  'access.code.rateLimited': 'Muitas solicitações deste endereço. Tente novamente em alguns minutos.',
  'access.code.resentSms': 'Código reenviado com sucesso',
  'access.code.resentWhatsapp': 'Código reenviado via whatsapp com sucesso',
  'access.code.resentEmail': 'O código foi enviado para seu email cadastrado',
  /** the text of the SMS, WhatsApp or e-mail that carries a code; {code} is replaced */
  'access.code.delivery': 'Seu código de acesso ao portal é {code}. Ele vale por 10 minutos. Não o compartilhe com ninguém.',

  // sign-up data (spec §5)
  'common.form.name.min': 'O nome deve ter no mínimo 3 caracteres',
  'common.form.email.invalid': 'Email inválido',
  'common.form.bill.required': 'O valor da conta é obrigatório',
  'common.form.unit.valid': 'Infelizmente não atendemos apartamentos',
  'common.form.terms.required': 'Você deve concordar com os Termos!',
  'common.form.cnpj.max': 'O CNPJ deve ter no máximo 14 caracteres',
  'common.form.cnpj.invalid': 'CNPJ inválido.',
  'common.form.razaoSocial.min': 'A razão social deve ter no mínimo 3 caracteres',
  'common.form.city.required': 'Selecione primeiro o estado',
  'signup.success': 'Cadastro Efetuado com Sucesso.',
  'signup.coupon.invalid': 'Cupom inválido',

  // sign-up error codes (spec §8)
  'api.1005': 'Esse email já está associado a outra conta.',
  'api.1017': 'CPF inválido.',
  'api.1018': 'CNPJ inválido.',
  'api.2002': 'Senha muito fraca.',
  'api.3000': 'Código inválido',
  'api.5000': 'Telefone não encontrado',
  'api.5001': 'Esse cliente já está em uso.',
  'api.5002': 'Cidade não encontrada.',
  'api.5003': 'Número não confirmado.',
  'api.5004': 'Número de telefone já está associado a outra conta.',

  // profile (spec §8)
  'profile.update.success': 'Perfil atualizado com sucesso',
  'profile.update.error': 'Houve um problema ao atualizar o perfil',

  // bill page and uploads (spec §5 Files, §8)
  'upload.file.tooLarge': 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.',
  'upload.file.unsupported': 'Tipo de arquivo não suportado!',
  'upload.file.empty': 'Arquivo vazio.',
  'upload.file.missing': 'Selecione um arquivo.',
  'upload.file.notFound': 'Arquivo não encontrado.',
  'bill.upload.error': 'Erro ao subir arquivo!',
  'bill.upload.locked': 'Sua conta de luz já foi enviada e não pode ser substituída.',
  'process.event.refused': 'Esta ação não é permitida na etapa atual.',
  'process.event.stale': 'Os dados deste cliente mudaram. Recarregue e tente novamente.',
  'bill.outcome.disapproved': 'Sua conta não foi aprovada!',
  'notification.bill.approved': 'Sua conta de luz foi aprovada!',
  'notification.bill.waiting': 'Sua conta de luz está em análise. Em até 24 horas entraremos em contato por e-mail, telefone ou WhatsApp.',
  'notification.bill.disapproved': 'Sua conta de luz não foi aprovada: ',
  'notification.bill.app': 'Sua conta de luz foi analisada: baixe nosso aplicativo para continuar.',
  'notification.proposal.initial': 'Sua proposta inicial está disponível!',
  'partnership.badge.error': 'Erro no envio do crachá. Por favor, tente novamente!',
  'bill.badge.required': 'Envie também seu documento de identificação de funcionário!',
  'bill.holder.question': 'Você é o titular da conta de luz?',
  'bill.holder.required': 'Responda se você é o titular da conta de luz.',
  'bill.submit': 'Enviar para avaliação',
  'bill.sent.title': 'Conta de luz enviada!',
  'bill.sent.body': 'Nosso assistente virtual está lendo a sua conta. O resultado aparece aqui em instantes.',
  'bill.sent.ok': 'Entendi',
  'bill.outcome.approved': 'Sua conta de luz foi aprovada!',
  'bill.outcome.approved.visit': 'Agora agende a sua visita técnica.',
  'bill.outcome.pending': 'Sua conta de luz está em análise pelo nosso assistente virtual.',
  'bill.outcome.waiting': 'Sua conta de luz será analisada em até 24 horas. Entraremos em contato por e-mail, telefone ou WhatsApp.',
  'bill.outcome.app': 'Sua conta de luz foi analisada! Baixe o nosso aplicativo para continuar.',
  'bill.outcome.denied': 'Sua conta não foi aprovada!',
  'bill.reupload': 'Enviar outra conta',
  'bill.reupload.hint': 'Envie uma nova foto ou PDF da conta, completa e legível.',
  'bill.region.title': 'Ainda não chegamos na sua região',
  'bill.region.body': 'Ainda não operamos na sua região. Avisaremos você assim que começarmos a atender.',
  'bill.region.close': 'Fechar',
  'bill.load.error': 'Não foi possível carregar os dados da sua conta de luz.',
  'staff.forbidden': 'Acesso restrito à equipe.',
} as const;

export type MessageKey = keyof typeof messages;

export function t(key: MessageKey): string {
  return messages[key];
}
