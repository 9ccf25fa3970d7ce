import type { Static } from 'typebox';
import { toInvoiceResponse, toSubscriptionResponse } from '../billing/responses';
import { toUnlockResponse } from '../entitlements/responses';
import type { PlanDocument } from '../plans/documents';
import { toPublicCertificate } from '../progress/responses';
import { toUserResponse } from '../users/responses';
import type { PersonalData } from './personal-data-service';
import type { PersonalDataExportSchema } from './schemas';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The JSON file GET /me/export sends: each record as its own route shows it, nothing internal. */
export function toPersonalDataExport(data: PersonalData, plans: Map<string, PlanDocument>, at: Date): Static<typeof PersonalDataExportSchema> {
  return {
    exportedAt: at.toISOString(),
    profile: toUserResponse(data.user),
    laboratory: data.user.laboratory,
    subscriptions: data.subscriptions.map((subscription) => toSubscriptionResponse(subscription, plans)),
    invoices: data.invoices.map(toInvoiceResponse),
    unlocks: data.unlocks.map(toUnlockResponse),
    progress: data.progress.map((row) => ({ videoId: row.videoId.toHexString(), watchedSeconds: row.watchedSeconds, finishedAt: iso(row.finishedAt) })),
    suggestions: data.suggestions.map((suggestion) => ({
      _id: suggestion._id.toHexString(),
      subject: suggestion.subject,
      message: suggestion.message,
      status: suggestion.status,
      votes: suggestion.votes ?? 0,
      answer: suggestion.answer ? { itemType: suggestion.answer.itemType, itemId: suggestion.answer.itemId.toHexString() } : null,
      createdAt: suggestion.createdAt.toISOString(),
    })),
    votes: data.votes.map((row) => ({ suggestionId: row.suggestionId.toHexString(), createdAt: row.createdAt.toISOString() })),
    certificates: data.certificates.map((certificate) => {
      const { history: _history, supersededBy: _supersededBy, ...fields } = toPublicCertificate(certificate, []);
      return { ...fields, videoId: certificate.videoId.toHexString() };
    }),
  };
}
