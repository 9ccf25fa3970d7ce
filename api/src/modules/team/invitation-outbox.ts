import type { FastifyBaseLogger } from 'fastify';

export interface InvitationMessage {
  to: string;
  laboratoryName: string;
  expiresAt: Date;
}

/**
 * Development outbox, a stand-in for an e-mail sender: no e-mail leaves this machine. The
 * invitation is only logged (without its link: the token is a secret, shown once to the manager,
 * who copies the link and sends it). A real sender (SES, SendGrid…) replaces this function.
 */
export function sendInvitationToOutbox(log: FastifyBaseLogger, message: InvitationMessage): void {
  log.info(
    { outbox: 'team-invitation', to: message.to, laboratoryName: message.laboratoryName, expiresAt: message.expiresAt.toISOString() },
    'caixa de saída de desenvolvimento: convite de equipe registrado, nenhum e-mail enviado',
  );
}
