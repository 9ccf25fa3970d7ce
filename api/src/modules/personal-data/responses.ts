import type { ObjectId } from 'mongodb';
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
    competence: toCompetenceExport(data.competence, data.user._id),
  };
}

/**
 * The competence dossier's part: what the person did and what was signed about them — never an
 * assessment's key, nor the name of another person on a record the member signed as a manager.
 */
function toCompetenceExport(competence: PersonalData['competence'], userId: ObjectId): Static<typeof PersonalDataExportSchema>['competence'] {
  const functionNames = new Map(competence.functions.map((fn) => [fn._id.toHexString(), fn.name]));
  return {
    assignments: competence.assignments.map((assignment) => ({
      functionId: assignment.functionId.toHexString(),
      functionName: functionNames.get(assignment.functionId.toHexString()) ?? '',
      laboratoryAccountId: assignment.accountId.toHexString(),
      assignedAt: assignment.assignedAt.toISOString(),
      active: assignment.active,
      endedAt: iso(assignment.endedAt),
    })),
    attempts: competence.attempts.map((attempt) => ({
      _id: attempt._id.toHexString(),
      itemType: attempt.itemType,
      itemId: attempt.itemId.toHexString(),
      revision: attempt.revision,
      number: attempt.number,
      startedAt: attempt.startedAt.toISOString(),
      submittedAt: iso(attempt.submittedAt),
      scorePercent: attempt.scorePercent,
      passMarkPercent: attempt.passMarkPercent,
      passed: attempt.passed,
    })),
    completions: competence.completions.map((completion) => ({
      itemType: completion.itemType,
      itemId: completion.itemId.toHexString(),
      revision: completion.revision,
      completedAt: completion.completedAt.toISOString(),
      method: completion.method,
      scorePercent: completion.scorePercent,
      supersededAt: iso(completion.supersededAt),
    })),
    authorizations: competence.signedRecords.map((record) => ({
      _id: record._id.toHexString(),
      kind: record.kind,
      laboratoryAccountId: record.accountId?.toHexString() ?? null,
      subjectName: record.subjectUserId?.equals(userId) ? record.subjectName : null,
      activity: record.activity,
      reason: record.reason,
      signerName: record.signature.printedName,
      meaningText: record.signature.meaningText,
      signedAt: record.signature.signedAt.toISOString(),
    })),
    dossierExports: competence.exports.map((file) => ({
      _id: file._id.toHexString(),
      format: file.format,
      laboratoryName: file.laboratoryName,
      subjectName: file.subjectName,
      sha256: file.sha256,
      generatedAt: file.generatedAt.toISOString(),
      generatedByName: file.generatedByName,
    })),
  };
}
