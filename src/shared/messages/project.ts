/**
 * The project-status screen, its staff moves and the customer's notices (spec §2 "Project-status
 * screen", §4 "Project status order", §8 customer success; docs/decisions/0022-project-status.md).
 */
export const projectMessages = {
  'project.lead': 'Acompanhe aqui cada etapa do seu sistema solar, da elaboração do projeto até a conexão à rede.',
  // the seven steps (spec §4), in the business's words
  'project.status.PROJECT_IN_PREPARATION': 'Projeto em elaboração',
  'project.status.PROJECT_SUBMITTED_TO_DEALERSHIP': 'Projeto enviado à distribuidora',
  'project.status.PROJECT_APPROVED_BY_THE_CONCESSIONAIRE': 'Projeto aprovado pela distribuidora',
  'project.status.EQUIPMENT_DISPATCHED': 'Equipamentos a caminho',
  'project.status.EQUIPMENT_DELIVERED': 'Equipamentos entregues',
  'project.status.INSPECTION_APPROVED': 'Vistoria aprovada',
  'project.status.SYSTEM_CONNECTED_AND_WORKING': 'Sistema conectado e funcionando',
  'project.steps': 'Etapas do projeto',
  'project.step.done': 'concluída',
  'project.step.current': 'etapa atual',
  'project.step.upcoming': 'próxima',
  // spec §8: the follow-up could not be read
  'project.load.error': 'Houve erro na verificação de acompanhamento do processo',
  'project.retry': 'Tentar novamente',
  // the mural (spec §2)
  'project.mural': 'Mural de Status',
  'project.mural.empty': 'Nenhuma mensagem no momento',
  'project.mural.newest': 'Mais recente',
  // the distributor's stage (docs/decisions/0022-project-status.md)
  'project.dealership.title': 'Pedido na distribuidora',
  'project.dealership.protocol': 'Protocolo',
  'project.dealership.distributor': 'Distribuidora',
  'project.dealership.filedOn': 'Data do pedido',
  'project.dealership.deadline': 'Prazo da distribuidora nesta etapa',
  'project.dealership.deadline.CALENDAR': '{days} dias, até {due}',
  'project.dealership.deadline.BUSINESS': '{days} dias úteis, até {due}',
  'project.dealership.elapsed': 'Dias desde o pedido',
  'project.dealership.noDeadline': 'Nesta etapa a distribuidora não tem prazo a cumprir.',
  'project.dealership.pending': 'Assim que protocolarmos o pedido na distribuidora, o número e o prazo aparecem aqui.',
  'project.overdue.title': 'O prazo da distribuidora terminou',
  'project.overdue.text': 'O prazo regulatório desta etapa terminou em {due} e a distribuidora ainda não concluiu. Nossa equipe já está cobrando, e você também pode agir:',
  'project.overdue.ombudsman': 'Registre uma reclamação na ouvidoria da {distributor}, informando o protocolo {protocol}.',
  'project.overdue.aneel': 'Se a ouvidoria não resolver, fale com a ANEEL pelo telefone 167 (ligação gratuita) ou pelo site.',
  'project.overdue.aneel.site': 'Site da ANEEL',
  'project.distributor.fallback': 'distribuidora',
  // the upload (spec §2, §8)
  'project.upload.title': 'Arquivo solicitado',
  'project.upload.label': 'Envie o arquivo que nossa equipe pediu',
  'project.upload.description': 'Foto ou PDF do documento solicitado no Mural de Status.',
  'project.upload.send': 'Enviar arquivo',
  'project.upload.error': 'Não foi possível enviar o arquivo',
  'project.upload.unavailable': 'O envio de arquivos não está aberto no momento.',
  'project.files': 'Arquivos enviados',
  // help (spec §2)
  'project.help': 'Preciso de atendimento',
  'project.help.title': 'Dúvidas sobre o seu projeto?',
  'project.help.text': 'Veja as perguntas frequentes ou fale com a nossa equipe pelo WhatsApp.',
  'project.whatsapp': 'Falar com a equipe pelo WhatsApp',
  'project.whatsapp.text': 'Olá! Preciso de atendimento sobre o meu projeto nº {project}.',
  'project.faq.error': 'Não foi possível carregar as perguntas frequentes.',
  'project.newTab': '(abre em nova aba)',
  // the customer's notices (bell) of each staff move
  'notification.project.PROJECT_IN_PREPARATION': 'Seu projeto começou a ser elaborado. Acompanhe em Status do Projeto.',
  'notification.project.PROJECT_SUBMITTED_TO_DEALERSHIP': 'Seu projeto foi enviado à distribuidora de energia.',
  'notification.project.PROJECT_APPROVED_BY_THE_CONCESSIONAIRE': 'A distribuidora aprovou o seu projeto!',
  'notification.project.EQUIPMENT_DISPATCHED': 'Os equipamentos do seu sistema solar estão a caminho.',
  'notification.project.EQUIPMENT_DELIVERED': 'Os equipamentos do seu sistema solar foram entregues.',
  'notification.project.INSPECTION_APPROVED': 'A vistoria da distribuidora foi aprovada!',
  'notification.project.SYSTEM_CONNECTED_AND_WORKING': 'Parabéns! Seu sistema solar está conectado e funcionando.',
  'notification.project.message': 'Há uma nova mensagem no Mural de Status do seu projeto.',
  'notification.project.upload': 'Precisamos de um arquivo seu: envie pela página Status do Projeto.',
} as const;
