import { BRAND_NAME } from '#shared/brand';
import { fill, messages } from '#shared/messages';
import type { NotificationKey } from '#machines/process/processMachine';
import { SCREENS, urlOfPath } from '#shared/routes';

/**
 * Every e-mail the portal sends, as pure functions: a pt-BR subject, a plain-text body and a
 * simple HTML body (inline styles, no remote images, no tracking), signed by the brand. They carry
 * what the message needs and nothing more: no name, no phone, no address; a staff member's free
 * text stays in the portal (the e-mail only says there is a message).
 *
 * Which notices go by e-mail: what the company decides or does while the customer is away (bill
 * analysed, documents decided, proposals, visit confirmed/moved/cancelled/decided, financing,
 * payment, supply, project status, mural messages and file requests, a staff message) and the
 * record of a signature (a binding act the customer should hear of even if someone else made it
 * with their session). Not the echo of what the customer just did on screen (the bill put in
 * analysis, the visit requested).
 */

export interface RenderedEmail { subject: string; text: string; html: string }

/** The notices that also go by e-mail, with their subjects. */
const NOTICE_SUBJECTS = {
  'notification.document.approved': 'Seu documento foi aprovado',
  'notification.document.denied': 'Seu documento precisa ser enviado de novo',
  'notification.contract.signed': 'Você assinou um documento',
  'notification.bill.approved': 'Sua conta de luz foi aprovada',
  'notification.bill.disapproved': 'Sua conta de luz não foi aprovada',
  'notification.bill.app': 'Sua conta de luz foi analisada',
  'notification.proposal.initial': 'Sua proposta inicial está disponível',
  'notification.proposal.final': 'Sua proposta final está disponível',
  'notification.payment.supply': 'Tudo pronto para a entrega do seu sistema solar',
  'notification.payment.invoicePaid': 'Pagamento confirmado',
  'notification.financing.IN_EVALUATION': 'Seu financiamento está em análise',
  'notification.financing.APPROVED': 'Seu financiamento foi aprovado',
  'notification.financing.DENIED': 'Resposta sobre o seu financiamento',
  'notification.visit.confirmed': 'Sua visita técnica está confirmada',
  'notification.visit.approved': 'Sua visita técnica foi aprovada',
  'notification.visit.notApproved': 'Resultado da sua visita técnica',
  'notification.visit.cancelled': 'Sua visita técnica foi cancelada',
  'notification.visit.rescheduled': 'Sua visita técnica foi remarcada',
  'notification.project.PROJECT_IN_PREPARATION': 'Seu projeto solar começou a ser elaborado',
  'notification.project.PROJECT_SUBMITTED_TO_DEALERSHIP': 'Seu projeto solar foi enviado à distribuidora',
  'notification.project.PROJECT_APPROVED_BY_THE_CONCESSIONAIRE': 'A distribuidora aprovou seu projeto solar',
  'notification.project.EQUIPMENT_DISPATCHED': 'Seus equipamentos estão a caminho',
  'notification.project.EQUIPMENT_DELIVERED': 'Seus equipamentos foram entregues',
  'notification.project.INSPECTION_APPROVED': 'A vistoria da distribuidora foi aprovada',
  'notification.project.SYSTEM_CONNECTED_AND_WORKING': 'Seu sistema solar está funcionando',
  'notification.project.message': 'Nova mensagem no mural do seu projeto',
  'notification.project.upload': 'Precisamos de um arquivo seu',
} as const satisfies Partial<Record<NotificationKey, string>>;

/** A staff member's free text in the bell (POST admin/customers/{id}/notifications). */
export const STAFF_MESSAGE = 'staff.message';

export type EmailNoticeKey = keyof typeof NOTICE_SUBJECTS | typeof STAFF_MESSAGE;

/** What a notice's e-mail job carries: the template and the values its text names (no address: the worker reads it). */
export interface EmailNotice { template: EmailNoticeKey; values?: Record<string, string> }

/** The e-mail of a catalogue notice, when that notice goes by e-mail. */
export function emailOfNotice(key: NotificationKey, values: Record<string, string> = {}): EmailNotice | undefined {
  return key in NOTICE_SUBJECTS ? { template: key as keyof typeof NOTICE_SUBJECTS, values } : undefined;
}

export const isEmailNoticeKey = (key: string): key is EmailNoticeKey => key === STAFF_MESSAGE || key in NOTICE_SUBJECTS;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FOOTER = `Esta é uma mensagem automática do ${BRAND_NAME}; não é preciso respondê-la.`;
const COLORS = { text: '#1f2328', muted: '#57606a', brand: '#8a4600', button: '#0b5d1e', background: '#ffffff', panel: '#f6f8fa' } as const;

/** One layout for every e-mail: brand, title, paragraphs, an optional highlighted code and link, footer. */
function layout(parts: { subject: string; paragraphs: string[]; code?: string; link?: { href: string; label: string } }): RenderedEmail {
  const text = [
    'Olá,',
    ...parts.paragraphs,
    ...(parts.link ? [`${parts.link.label}: ${parts.link.href}`] : []),
    FOOTER,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.text}">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.panel}">
<div role="article" aria-label="${escapeHtml(parts.subject)}" lang="pt-BR" style="max-width:560px;margin:0 auto;padding:24px;background:${COLORS.background};font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:${COLORS.brand}">${escapeHtml(BRAND_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLORS.text}">${escapeHtml(parts.subject)}</h1>
${p('Olá,')}
${parts.paragraphs.map(p).join('\n')}
${parts.code ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;color:${COLORS.text}">${escapeHtml(parts.code)}</p>` : ''}
${parts.link ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.link.href)}" style="display:inline-block;padding:12px 20px;background:${COLORS.button};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:underline;border-radius:6px">${escapeHtml(parts.link.label)}</a></p>` : ''}
<p style="margin:32px 0 0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(FOOTER)}</p>
</div>
</body>
</html>
`;
  return { subject: parts.subject, text, html };
}

export const CODE_EMAIL_SUBJECT = `Seu código de acesso ao ${BRAND_NAME}`;

/** The sign-in code by e-mail (POST .../resend-login-code-by-email). No link: a code e-mail never asks for a click. */
export function codeEmail(code: string): RenderedEmail {
  return layout({
    subject: CODE_EMAIL_SUBJECT,
    paragraphs: [
      messages['access.code.delivery'].replace('{code}', code),
      'Se você não pediu este código, ignore esta mensagem: sem ele ninguém entra na sua conta.',
    ],
    code,
  });
}

/** The code a code e-mail carries (the development catcher keeps it for GET /dev/outbox), or null for any other e-mail. */
export function codeOfEmail(subject: string, text: string): string | null {
  if (subject.trim() !== CODE_EMAIL_SUBJECT && subject.trim() !== EMAIL_CHANGE_CODE_SUBJECT) return null;
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

export const EMAIL_CHANGE_CODE_SUBJECT = 'Confirme seu novo e-mail';

/** The code that confirms a new e-mail, sent to that address (issue 29, F15). No link, as every code e-mail. */
export function emailChangeCodeEmail(code: string): RenderedEmail {
  return layout({
    subject: EMAIL_CHANGE_CODE_SUBJECT,
    paragraphs: [
      `Para usar este endereço na sua conta do ${BRAND_NAME}, informe no portal o código ${code}. Ele vale por 10 minutos.`,
      'Se você não pediu esta troca, ignore esta mensagem: sem o código o e-mail da conta não muda.',
    ],
    code,
  });
}

/** To the previous address once the e-mail changed: it says so, never the new address. */
export function emailChangedEmail(): RenderedEmail {
  return layout({
    subject: 'O e-mail da sua conta foi trocado',
    paragraphs: [
      `O e-mail da sua conta no ${BRAND_NAME} foi trocado: as próximas mensagens irão para o novo endereço.`,
      'A troca foi confirmada com um código enviado por SMS ao celular da conta. Se não foi você, fale com a nossa equipe o quanto antes.',
    ],
  });
}

/** A notice's e-mail; `origin` (PUBLIC_ORIGIN) adds the link to the portal's sign-in. */
export function noticeEmail(notice: EmailNotice, origin?: string): RenderedEmail {
  const values = notice.values ?? {};
  const link = origin ? { href: `${origin.replace(/\/+$/, '')}${urlOfPath(SCREENS.login.path)}`, label: 'Acessar o portal' } : undefined;
  const visit = `Acesse o portal ${BRAND_NAME} para ver os detalhes.`;
  if (notice.template === STAFF_MESSAGE) {
    return layout({
      subject: 'Você tem uma nova mensagem',
      paragraphs: [`A equipe ${BRAND_NAME} deixou uma mensagem para você no portal.`, `Acesse o portal ${BRAND_NAME} para lê-la.`],
      ...(link ? { link } : {}),
    });
  }
  const message = notice.template === 'notification.bill.disapproved'
    ? (values.reason ? `${messages['notification.bill.disapproved']}${values.reason}` : messages['bill.outcome.disapproved'])
    : fill(notice.template, values);
  return layout({ subject: NOTICE_SUBJECTS[notice.template], paragraphs: [message, visit], ...(link ? { link } : {}) });
}

/** Every template key (the tests render each). */
export const EMAIL_NOTICE_KEYS: readonly EmailNoticeKey[] = [...Object.keys(NOTICE_SUBJECTS) as (keyof typeof NOTICE_SUBJECTS)[], STAFF_MESSAGE];
