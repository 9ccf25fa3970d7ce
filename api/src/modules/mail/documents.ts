import type { ObjectId } from 'mongodb';

/** The job type every message is sent under (modules/jobs). */
export const EMAIL_JOB = 'email';

/**
 * ESSENTIAL: money and access (always sent). REMINDERS and NEWS: the member may turn them off on
 * /usuario ("E-mails"); they carry `List-Unsubscribe`.
 */
export const EMAIL_CATEGORIES = ['ESSENTIAL', 'REMINDERS', 'NEWS'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** Values a template reads: plain JSON (dates as ISO strings), stored in the job. */
export type TemplateData = Record<string, string | number | boolean | null>;

/** The payload of an `email` job. */
export interface EmailPayload {
  [key: string]: unknown;
  template: string;
  to: string;
  data: TemplateData;
  /** Inline images by content id (`cid:`), as data URLs (e.g. the PIX QR code). */
  inlineImages?: Record<string, string>;
  /** The address is removed from the job once the message left (the LGPD confirmation of an erased account). */
  forgetRecipient?: boolean;
}

export interface EmailPreferenceDocument {
  _id: ObjectId;
  userId: ObjectId;
  reminders: boolean;
  news: boolean;
  updatedAt: Date;
}

export interface EmailPreferences {
  reminders: boolean;
  news: boolean;
}

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { reminders: true, news: true };
