import type { JobDocument } from '../jobs/documents';
import type { EmailPayload } from './documents';
import type { AdminEmail } from './schemas';
import { messageContent } from './rules/templates';

const subjectOf = (payload: EmailPayload): string | null => {
  try {
    return messageContent(payload.template, payload.data).subject;
  } catch {
    return null;
  }
};

export function toAdminEmail(job: JobDocument<EmailPayload>): AdminEmail {
  const result = job.result ?? {};
  return {
    _id: job._id.toHexString(),
    to: job.payload.to,
    template: job.payload.template,
    subject: subjectOf(job.payload),
    state: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
    messageId: typeof result.messageId === 'string' ? result.messageId : null,
    skipped: typeof result.skipped === 'string' ? result.skipped : null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    nextAttemptAt: job.status === 'PENDING' ? job.runAt.toISOString() : null,
  };
}
