import { BRAND_NAME } from '../brand';

/**
 * The portal's terms of use, accepted on the contracts page (spec §4 "Terms of use"). A DRAFT
 * pending legal review, like the contract templates (docs/decisions/0021-subscription-path-holder-contracts-signing.md); one place, read by the
 * page and printed nowhere else.
 */
export const TERMS_OF_USE_VERSION = '2026-11-rascunho';

export const TERMS_OF_USE: readonly { title: string; text: string }[] = [
  { title: '1. Sobre o portal', text: `O portal ${BRAND_NAME} permite simular a economia com energia solar, enviar a conta de luz e os documentos, contratar um plano de assinatura, assinar os contratos e acompanhar o projeto até a ligação do sistema.` },
  { title: '2. Cadastro e acesso', text: 'O acesso é feito pelo número de celular, com um código enviado por SMS a cada entrada. O código é pessoal: não o compartilhe. Você é responsável pela veracidade dos dados informados e por mantê-los atualizados no seu perfil.' },
  { title: '3. Assinatura eletrônica', text: 'Os contratos são assinados no próprio portal, com a sua concordância expressa e um código enviado por SMS ao celular verificado. Cada assinatura registra data e hora do servidor, endereço IP, navegador e o resumo criptográfico (SHA-256) do documento, anexados ao PDF assinado, que você pode baixar a qualquer momento.' },
  { title: '4. Documentos enviados', text: 'Os documentos e a conta de luz enviados são usados para verificar sua identidade, dimensionar o sistema e obter a aprovação da distribuidora de energia. Eles são guardados com segurança e acessados apenas pela equipe responsável.' },
  { title: '5. Pagamentos', text: 'Os dados do cartão são enviados diretamente ao provedor de pagamentos e nunca passam pelos nossos servidores: guardamos apenas a bandeira, os quatro últimos dígitos, o titular e a validade. Empresas pagam por boleto, no dia escolhido.' },
  { title: '6. Dados pessoais', text: 'Tratamos seus dados pessoais conforme a Lei nº 13.709/2018 (LGPD) e a nossa Política de Privacidade, apenas para prestar o serviço contratado, cumprir obrigações legais e falar com você sobre o seu projeto. Você pode pedir acesso, correção ou exclusão dos seus dados pelos canais de atendimento.' },
  { title: '7. Comunicações', text: 'Avisos sobre o seu projeto chegam pelo sino de notificações do portal, por e-mail, SMS ou WhatsApp. Você pode falar com a nossa equipe pelo atendimento a qualquer momento.' },
  { title: '8. Disponibilidade', text: 'Trabalhamos para manter o portal disponível e seguro, mas ele pode ficar fora do ar para manutenção. Nada do que você enviou se perde: ao voltar, você continua de onde parou.' },
  { title: '9. Alterações destes termos', text: 'Estes termos podem mudar. Avisaremos pelo portal e por e-mail antes que uma mudança relevante passe a valer.' },
  { title: '10. Foro', text: 'Fica eleito o foro do domicílio do cliente para resolver qualquer questão sobre estes termos.' },
];
