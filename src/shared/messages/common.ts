/** Generic texts (spec §5), the process and staff refusals, and the signed-in frame (side navigation, FAQ). */
export const commonMessages = {
  // generic (spec §5)
  'common.form.required': 'Campo obrigatório',
  'common.error.generic': 'Algo deu de errado, tente novamente.',
  'common.error.phoneStep': 'Algo deu errado. Tente novamente!',
  'common.error.network': 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  'common.error.unauthorized': 'Sua sessão expirou. Entre novamente.',
  'common.error.notFound': 'Serviço não encontrado.',
  'common.logout.error': 'Não foi possível fazer logout',
  'process.event.refused': 'Esta ação não é permitida na etapa atual.',
  'process.event.stale': 'Os dados deste cliente mudaram. Recarregue e tente novamente.',
  'staff.forbidden': 'Acesso restrito à equipe.',
  'staff.role.forbidden': 'Seu perfil não permite esta ação.',
  'staff.signIn.failed': 'E-mail ou código do aplicativo incorretos.',
  'staff.signIn.held': 'Muitas tentativas erradas. Aguarde um pouco e tente novamente.',
  'staff.passkey.failed': 'Não foi possível confirmar a chave de acesso. Confira o e-mail ou entre com o código do aplicativo.',
  'staff.passkey.lastFactor': 'Esta é sua única forma de entrar. Cadastre outra chave de acesso antes de remover esta.',
  'staff.invite.invalid': 'Convite inválido ou expirado. Peça um novo convite à administração.',
  'menu.waitingForBill': 'As próximas etapas aparecem aqui assim que a análise da sua conta de luz terminar.',
  'faq.title': 'Perguntas frequentes',
  'faq.search.placeholder': 'Qual a sua pergunta?',
  'faq.empty': 'Nenhuma pergunta encontrada. Tente outras palavras.',
} as const;
