import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import nodemailer, { type Transporter } from 'nodemailer';
import { PermanentJobError } from '../jobs/jobs-service';
import type { JobDocument } from '../jobs/documents';
import { EMAIL_JOB, type EmailPayload, type TemplateData } from './documents';
import { renderMessage } from './rules/render';
import { messageContent, TemplateDataError, TEMPLATE_NAMES } from './rules/templates';

export interface SendInput {
  /** One of rules/templates.ts. */
  template: string;
  to: string;
  data: TemplateData;
  /** The event the message is about (e.g. the invoice id): the same event twice sends one message. */
  eventKey: string;
  /** The member it goes to, if they have a profile (preferences, LGPD erasure). */
  userId?: ObjectId | null;
  inlineImages?: Record<string, string>;
  /** Remove the address from the job once the message left (see EmailPayload). */
  forgetRecipient?: boolean;
}

/**
 * The outbox: every message is an `email` job (modules/jobs), keyed by its template and event,
 * written by the state change that causes it; the job renders the template and hands it to
 * SMTP (nodemailer). Delivery is at least once: see api/README ("E-mail").
 */
export interface MailService {
  send(input: SendInput): Promise<{ job: JobDocument<EmailPayload>; created: boolean }>;
  /**
   * Hooks for events other issues build (Pix Automático #28, certificates, the competence dossier
   * #31, LGPD erasure): each sends its template once per `eventKey`. Dates as ISO strings.
   */
  hooks: {
    pixAutomaticActivated(to: Recipient, eventKey: string, data: { maxAmountCents: number }): Promise<unknown>;
    pixAutomaticNextDebit(to: Recipient, eventKey: string, data: { amountCents: number; debitDate: string }): Promise<unknown>;
    pixAutomaticDebitFailed(to: Recipient, eventKey: string, data: { amountCents: number; debitDate: string; retryDate?: string }): Promise<unknown>;
    certificateIssued(to: Recipient, eventKey: string, data: { contentTitle: string; certificateUrl: string }): Promise<unknown>;
    dossierExpiryReminder(to: Recipient, eventKey: string, data: { itemTitle: string; expiresAt: string }): Promise<unknown>;
    /**
     * After the erasure: the job holds only the address, which it forgets once the message left
     * (until then it is the one trace of the person, needed to tell them).
     */
    accountDeleted(to: { email: string }, eventKey: string): Promise<unknown>;
  };
  /** The Message-ID a message of this job carries (stable per event: a resend repeats it). */
  messageIdOf(jobKey: string): string;
  /** Whether this template's message about `eventKey` was already queued (in any state). */
  queued(template: string, eventKey: string): Promise<boolean>;
}

/** Who a hook's message goes to: the address, and the profile (preferences, LGPD erasure). */
export interface Recipient {
  email: string;
  userId: ObjectId;
}

const TEXT_AFTER_SEND = '[removido após o envio]';

/**
 * Sends; an SMTP 5xx answer (mailbox does not exist, message refused) is permanent — retrying
 * cannot change it, so the job is dead at once and shown on /admin/emails — while 4xx and lost
 * connections are retried with backoff.
 */
async function sendOrClassify(transport: Transporter, message: Parameters<Transporter['sendMail']>[0]) {
  try {
    return await transport.sendMail(message);
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    if (typeof code === 'number' && code >= 500 && code < 600) {
      throw new PermanentJobError(`O servidor de e-mail recusou a mensagem (${code}): ${(error as Error).message}`, { cause: error });
    }
    throw error;
  }
}
/** Data that must not stay in the database once the message left (the invitation's secret link). */
const SECRET_FIELDS = ['link'];

export default fp(
  async function mailService(fastify: FastifyInstance) {
    const { smtpUrl, from } = fastify.config.mail;
    const web = fastify.config.publicWebUrl;
    let transport: Transporter | null = null;
    const transporter = () => {
      if (!smtpUrl) throw new Error('SMTP_URL não configurado: nenhum e-mail pode sair.');
      transport ??= nodemailer.createTransport(smtpUrl, { from });
      return transport;
    };
    fastify.addHook('onClose', async () => transport?.close());

    const messageIdOf = (jobKey: string) => `<${createHash('sha256').update(jobKey).digest('hex').slice(0, 32)}@clube.mail>`;

    fastify.jobs.define<EmailPayload>(EMAIL_JOB, async (job) => {
      const { template, to, data } = job.payload;
      let content;
      try {
        content = messageContent(template, data);
      } catch (error) {
        if (error instanceof TemplateDataError) throw new PermanentJobError(error.message, { cause: error });
        throw error;
      }
      if (content.category !== 'ESSENTIAL' && job.userId) {
        const preferences = await fastify.mailPreferencesRepository.find(job.userId);
        const wanted = content.category === 'REMINDERS' ? preferences.reminders : preferences.news;
        if (!wanted) return { result: { skipped: 'O membro desligou este tipo de e-mail.' } };
      }
      const preferencesUrl = content.category === 'ESSENTIAL' ? undefined : `${web}/usuario#emails`;
      const rendered = await renderMessage(content, { preferencesUrl });
      const messageId = messageIdOf(job.key);
      const info = await sendOrClassify(transporter(), {
        from,
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId,
        ...(preferencesUrl ? { list: { unsubscribe: { url: preferencesUrl, comment: 'Deixar de receber' } } } : {}),
        attachments: Object.entries(job.payload.inlineImages ?? {})
          .filter(([cid]) => content.image?.cid === cid)
          .map(([cid, dataUrl]) => ({ filename: `${cid}.png`, path: dataUrl, cid })),
      });
      const cleaned = Object.fromEntries(Object.entries(data).map(([name, value]) => [name, SECRET_FIELDS.includes(name) ? TEXT_AFTER_SEND : value]));
      const sentTo = job.payload.forgetRecipient ? TEXT_AFTER_SEND : to;
      return { result: { messageId, response: String(info.response ?? '') }, payload: { ...job.payload, to: sentTo, data: cleaned, inlineImages: {} } };
    });

    const hook = (template: string, to: Recipient, eventKey: string, data: TemplateData) =>
      service.send({ template, to: to.email, userId: to.userId, eventKey, data });
    const subscriptionUrl = `${web}/assinatura`;
    const keyOf = (template: string, eventKey: string) => `email:${template}:${eventKey}`;
    const service: MailService = {
      messageIdOf,
      queued: async (template, eventKey) => (await fastify.jobsRepository.findByKey(keyOf(template, eventKey))) !== null,
      hooks: {
        pixAutomaticActivated: (to, eventKey, data) => hook('pix-automatic-activated', to, eventKey, { ...data, subscriptionUrl }),
        pixAutomaticNextDebit: (to, eventKey, data) => hook('pix-automatic-next-debit', to, eventKey, { ...data, subscriptionUrl }),
        pixAutomaticDebitFailed: (to, eventKey, data) => hook('pix-automatic-debit-failed', to, eventKey, { ...data, subscriptionUrl }),
        certificateIssued: (to, eventKey, data) => hook('certificate-issued', to, eventKey, data),
        dossierExpiryReminder: (to, eventKey, data) => hook('dossier-expiry-reminder', to, eventKey, { ...data, dossierUrl: `${web}/equipe` }),
        accountDeleted: (to, eventKey) => service.send({ template: 'account-deleted', to: to.email, eventKey, data: {}, forgetRecipient: true }),
      },
      send(input) {
        if (!TEMPLATE_NAMES.includes(input.template)) throw new Error(`Modelo de e-mail desconhecido: ${input.template}`);
        return fastify.jobs.enqueue<EmailPayload>({
          type: EMAIL_JOB,
          key: keyOf(input.template, input.eventKey),
          userId: input.userId ?? null,
          payload: {
            template: input.template,
            to: input.to,
            data: input.data,
            ...(input.inlineImages ? { inlineImages: input.inlineImages } : {}),
            ...(input.forgetRecipient ? { forgetRecipient: true } : {}),
          },
        });
      },
    };
    fastify.decorate('mail', service);
  },
  { name: 'mail', dependencies: ['job-runner', 'jobs-repository', 'mail-preferences-repository'] },
);
