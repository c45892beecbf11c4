/** Notifications: the texts the server sends and the header bell (spec §2, §4, §9). */
export const notificationMessages = {
  'notification.bill.approved': 'Sua conta de luz foi aprovada!',
  'notification.bill.waiting': 'Sua conta de luz está em análise. Em até 24 horas entraremos em contato por e-mail, telefone ou WhatsApp.',
  'notification.bill.disapproved': 'Sua conta de luz não foi aprovada: ',
  'notification.bill.app': 'Sua conta de luz foi analisada: baixe nosso aplicativo para continuar.',
  'notification.proposal.initial': 'Sua proposta inicial está disponível!',
  'notification.proposal.final': 'Sua proposta final está disponível! Escolha entre compra à vista e financiamento.',
  'notification.visit.requested': 'Recebemos o seu pedido de visita técnica para {when}. Avisaremos quando for confirmada.',
  'notification.visit.confirmed': 'Sua visita técnica está confirmada para {when}.',
  'notification.visit.approved': 'Sua visita técnica foi realizada e aprovada! Agora é só seguir para a próxima etapa.',
  'notification.visit.notApproved': 'Sua visita técnica foi realizada, mas o local não foi aprovado para a instalação. Entraremos em contato.',
  'notification.visit.cancelled': 'Sua visita técnica de {when} foi cancelada. Agende um novo dia quando quiser.',
  'notifications.title': 'Notificações',
  'notifications.empty': 'Nenhuma notificação no momento.',
  'notifications.load.error': 'Não foi possível carregar as notificações.',
  'notifications.read.error': 'Erro ao ler notificação',
} as const;
