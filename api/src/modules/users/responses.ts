import { Compile } from 'typebox/compile';
import { isoDateTime } from '../../http/iso-date-time';
import type { UserDocument } from './documents';
import { LaboratorySchema, type UserResponse } from './schemas';
import { isCurrentConsent } from './rules/consent';

const laboratoryCheck = Compile(LaboratorySchema);

export function toUserResponse(user: UserDocument): UserResponse {
  return {
    _id: user._id.toHexString(),
    providerId: user.providerId,
    email: user.email,
    name: user.name,
    role: user.role,
    subscription: user.subscription ? user.subscription.toHexString() : null,
    hasActiveSubscription: user.hasActiveSubscription,
    onboardingCompleted: user.onboardingCompleted,
    // A stored laboratory that no longer fits the schema (written before text was trimmed) shows as
    // missing, so the member can fill it again, instead of failing this answer and every list holding it.
    laboratory: user.laboratory && laboratoryCheck.Check(user.laboratory) ? user.laboratory : null,
    credits: { balance: user.credits.balance, used: user.credits.used },
    consent: user.consent
      ? {
          termsVersion: user.consent.termsVersion,
          privacyVersion: user.consent.privacyVersion,
          acceptedAt: isoDateTime(user.consent.acceptedAt),
          current: isCurrentConsent(user.consent),
        }
      : null,
    team: user.team
      ? { accountId: user.team.accountId.toHexString(), role: user.team.role, laboratoryName: user.team.laboratoryName }
      : null,
    teamNotice: user.teamNotice
      ? { laboratoryName: user.teamNotice.laboratoryName, message: user.teamNotice.message, at: isoDateTime(user.teamNotice.at) }
      : null,
    createdAt: isoDateTime(user.createdAt),
    updatedAt: isoDateTime(user.updatedAt),
  };
}
