import type { EmailCategory, TemplateData } from '../documents';
import { formatBrl, formatDate } from '../../../http/format';

/**
 * Every message Clube sends, one entry per template: its subject and the blocks of its body,
 * from the job's data. Pure (no I/O); rendered to HTML + text by render.ts (react-email).
 */
export interface MessageContent {
  subject: string;
  category: EmailCategory;
  /** The line a phone shows next to the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** A code the reader copies (the PIX copy-and-paste code). */
  code?: { label: string; value: string };
  /** An inline image by content id (the PIX QR code). */
  image?: { cid: string; alt: string };
  button?: { label: string; url: string };
}

export class TemplateDataError extends Error {}

type Reader = {
  /** Whether an optional field came (a template may say more when it did). */
  has(name: string): boolean;
  text(name: string): string;
  money(name: string): string;
  date(name: string): string;
  number(name: string): number;
};

function reader(template: string, data: TemplateData): Reader {
  const value = (name: string) => {
    const found = data[name];
    if (found === undefined || found === null || found === '') throw new TemplateDataError(`O modelo ${template} precisa de "${name}".`);
    return found;
  };
  const number = (name: string) => {
    const found = value(name);
    if (typeof found !== 'number' || !Number.isFinite(found)) throw new TemplateDataError(`O modelo ${template} precisa de "${name}" numérico.`);
    return found;
  };
  return {
    has: (name) => data[name] !== undefined && data[name] !== null && data[name] !== '',
    text: (name) => String(value(name)),
    number,
    money: (name) => formatBrl(number(name)),
    date: (name) => {
      const date = new Date(String(value(name)));
      if (Number.isNaN(date.getTime())) throw new TemplateDataError(`O modelo ${template} precisa de "${name}" como data.`);
      return formatDate(date);
    },
  };
}

const pixBody = (r: Reader, heading: string, intro: string): Omit<MessageContent, 'subject' | 'category' | 'preview'> => ({
  heading,
  paragraphs: [intro, `Valor: ${r.money('amountCents')}. Vencimento: ${r.date('dueDate')}.`, 'Pague pelo aplicativo do seu banco lendo o QR Code ou colando o código abaixo.'],
  code: { label: 'PIX copia e cola', value: r.text('pixCode') },
  image: { cid: 'pix-qr', alt: 'QR Code do PIX' },
  button: { label: 'Ver minha assinatura', url: r.text('subscriptionUrl') },
});

const TEMPLATES: Record<string, (r: Reader) => MessageContent> = {
  'team-invitation': (r) => ({
    subject: `Convite para a equipe ${r.text('laboratoryName')} no Clube`,
    category: 'ESSENTIAL',
    preview: `${r.text('invitedBy')} convidou você para a equipe ${r.text('laboratoryName')}.`,
    heading: 'Você foi convidado para uma equipe',
    paragraphs: [
      `${r.text('invitedBy')} convidou você para a equipe do laboratório ${r.text('laboratoryName')} no Clube.`,
      `O convite vale até ${r.date('expiresAt')}. Depois disso, peça um novo convite a quem gerencia a equipe.`,
    ],
    button: { label: 'Aceitar convite', url: r.text('link') },
  }),
  'pix-charge-issued': (r) => ({
    subject: `Seu PIX de ${r.money('amountCents')} está disponível`,
    category: 'ESSENTIAL',
    preview: `Vencimento em ${r.date('dueDate')}.`,
    ...pixBody(r, 'Sua cobrança PIX', 'A cobrança da sua assinatura do Clube foi emitida.'),
  }),
  'pix-reminder-3-days': (r) => ({
    subject: `Lembrete: seu PIX vence em 3 dias (${r.date('dueDate')})`,
    category: 'REMINDERS',
    preview: `${r.money('amountCents')} com vencimento em ${r.date('dueDate')}.`,
    ...pixBody(r, 'Seu PIX vence em 3 dias', 'Ainda não recebemos o pagamento da sua assinatura.'),
  }),
  'pix-reminder-due-today': (r) => ({
    subject: `Seu PIX vence hoje (${r.date('dueDate')})`,
    category: 'REMINDERS',
    preview: `${r.money('amountCents')} vence hoje.`,
    ...pixBody(r, 'Seu PIX vence hoje', 'Pague hoje para manter o acesso sem interrupção.'),
  }),
  'payment-confirmed': (r) => ({
    subject: `Pagamento confirmado: ${r.money('amountCents')}`,
    category: 'ESSENTIAL',
    preview: `Recibo do período de ${r.date('periodStart')} a ${r.date('periodEnd')}.`,
    heading: 'Recebemos seu pagamento',
    paragraphs: [
      `Valor pago: ${r.money('amountCents')}.`,
      `Período: de ${r.date('periodStart')} a ${r.date('periodEnd')}.`,
      `Créditos concedidos: ${r.number('credits')}.`,
      'Guarde este e-mail como recibo.',
    ],
    button: { label: 'Ver minha assinatura', url: r.text('subscriptionUrl') },
  }),
  'payment-overdue': (r) => ({
    subject: 'Pagamento em atraso: seu acesso foi pausado',
    category: 'ESSENTIAL',
    preview: `A fatura de ${r.money('amountCents')} venceu em ${r.date('dueDate')}.`,
    heading: 'Seu acesso está pausado',
    paragraphs: [`A fatura de ${r.money('amountCents')} venceu em ${r.date('dueDate')} e ainda não foi paga.`, 'Pague para voltar a acessar os conteúdos de assinante.'],
    button: { label: 'Pagar agora', url: r.text('subscriptionUrl') },
  }),
  'cancel-requested': (r) => ({
    subject: 'Cancelamento agendado',
    category: 'ESSENTIAL',
    preview: `Seu acesso continua até ${r.date('accessUntil')}.`,
    heading: 'Recebemos seu pedido de cancelamento',
    paragraphs: [`Seu acesso continua até ${r.date('accessUntil')}. Depois disso, a assinatura é cancelada e nada mais é cobrado.`, 'Mudou de ideia? Um clique mantém sua assinatura.'],
    button: { label: 'Continuar assinatura', url: r.text('subscriptionUrl') },
  }),
  'subscription-canceled': (r) => ({
    subject: 'Sua assinatura foi cancelada',
    category: 'ESSENTIAL',
    preview: 'Sentiremos sua falta.',
    heading: 'Assinatura cancelada',
    paragraphs: [`Sua assinatura foi cancelada em ${r.date('canceledAt')}. Você pode assinar de novo quando quiser.`],
    button: { label: 'Ver planos', url: r.text('plansUrl') },
  }),
  'subscription-reactivated': (r) => ({
    subject: 'Sua assinatura continua',
    category: 'ESSENTIAL',
    preview: 'O cancelamento foi desfeito.',
    heading: 'Que bom que você ficou',
    paragraphs: [`O cancelamento foi desfeito: sua assinatura se renova normalmente em ${r.date('renewsAt')}.`],
    button: { label: 'Ver minha assinatura', url: r.text('subscriptionUrl') },
  }),
  // Pix Automático (issue #28): the events call mail.pixAutomatic*(); these are their messages.
  'pix-automatic-activated': (r) => ({
    subject: 'Pix Automático ativado',
    category: 'ESSENTIAL',
    preview: `Débitos de até ${r.money('maxAmountCents')} por ciclo.`,
    heading: 'Pix Automático ativado',
    paragraphs: [`As próximas cobranças da sua assinatura serão debitadas automaticamente, até ${r.money('maxAmountCents')} por ciclo.`, 'Você pode cancelar a autorização no aplicativo do seu banco.'],
    button: { label: 'Ver minha assinatura', url: r.text('subscriptionUrl') },
  }),
  'pix-automatic-next-debit': (r) => ({
    subject: `Próximo débito em ${r.date('debitDate')}: ${r.money('amountCents')}`,
    category: 'ESSENTIAL',
    preview: `${r.money('amountCents')} via Pix Automático.`,
    heading: 'Próximo débito agendado',
    paragraphs: [`Em ${r.date('debitDate')} debitaremos ${r.money('amountCents')} via Pix Automático.`],
    button: { label: 'Ver minha assinatura', url: r.text('subscriptionUrl') },
  }),
  'pix-automatic-debit-failed': (r) => ({
    subject: 'Não conseguimos debitar seu Pix Automático',
    category: 'ESSENTIAL',
    preview: `O débito de ${r.money('amountCents')} falhou.`,
    heading: 'O débito falhou',
    paragraphs: [
      `O débito de ${r.money('amountCents')} em ${r.date('debitDate')} não foi autorizado pelo seu banco.`,
      r.has('retryDate')
        ? `Vamos tentar de novo em ${r.date('retryDate')}, sem você precisar fazer nada. Se preferir não esperar, pague agora pelo PIX.`
        : 'Não haverá nova tentativa de débito: pague pelo PIX para manter o acesso.',
    ],
    button: { label: r.has('retryDate') ? 'Ver minha assinatura' : 'Pagar agora', url: r.text('subscriptionUrl') },
  }),
  'certificate-issued': (r) => ({
    subject: `Seu certificado de ${r.text('contentTitle')} está pronto`,
    category: 'NEWS',
    preview: 'Parabéns pela conclusão!',
    heading: 'Certificado emitido',
    paragraphs: [`Parabéns! Você concluiu ${r.text('contentTitle')}. O certificado tem uma página pública que qualquer pessoa pode conferir.`],
    button: { label: 'Ver certificado', url: r.text('certificateUrl') },
  }),
  // The competence dossier (issue #31) schedules these with its own expiry dates.
  'dossier-expiry-reminder': (r) => ({
    subject: `${r.text('itemTitle')} vence em ${r.date('expiresAt')}`,
    category: 'REMINDERS',
    preview: 'Renove antes do vencimento.',
    heading: 'Um item do dossiê vai vencer',
    paragraphs: [`${r.text('itemTitle')} vence em ${r.date('expiresAt')}. Renove para manter o dossiê de competências em dia.`],
    button: { label: 'Abrir dossiê', url: r.text('dossierUrl') },
  }),
  'account-deleted': () => ({
    subject: 'Sua conta no Clube foi excluída',
    category: 'ESSENTIAL',
    preview: 'Confirmação de exclusão (LGPD).',
    heading: 'Conta excluída',
    paragraphs: [
      'Confirmamos a exclusão da sua conta e dos seus dados pessoais no Clube, como pedido (LGPD).',
      'Guardamos apenas o que a lei obriga (registros fiscais de pagamentos), sem vínculo com seu perfil.',
    ],
  }),
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

/** The message for a template and its data; a TemplateDataError when the data does not fit (a retry cannot fix it). */
export function messageContent(template: string, data: TemplateData): MessageContent {
  const build = TEMPLATES[template];
  if (!build) throw new TemplateDataError(`Modelo de e-mail desconhecido: ${template}`);
  return build(reader(template, data));
}
