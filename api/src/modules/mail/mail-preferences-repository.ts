import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { MAIL_COLLECTIONS } from './collections';
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferenceDocument, type EmailPreferences } from './documents';

export interface MailPreferencesRepository {
  /** The member's choices (both on until they turn one off). */
  find(userId: ObjectId): Promise<EmailPreferences>;
  save(userId: ObjectId, preferences: EmailPreferences, at: Date): Promise<EmailPreferences>;
  /** LGPD erasure. */
  deleteForUser(userId: ObjectId): Promise<void>;
}

export default fp(
  async function mailPreferencesRepository(fastify: FastifyInstance) {
    const preferences = () => fastify.store.collection<EmailPreferenceDocument>(MAIL_COLLECTIONS.emailPreferences);
    const repository: MailPreferencesRepository = {
      async find(userId) {
        const found = await preferences().findOne({ userId });
        return found ? { reminders: found.reminders, news: found.news } : { ...DEFAULT_EMAIL_PREFERENCES };
      },
      async save(userId, chosen, at) {
        await preferences().updateOne(
          { userId },
          { $set: { reminders: chosen.reminders, news: chosen.news, updatedAt: at }, $setOnInsert: { _id: new ObjectId(), userId } },
          { upsert: true },
        );
        return { reminders: chosen.reminders, news: chosen.news };
      },
      async deleteForUser(userId) {
        await preferences().deleteMany({ userId });
      },
    };
    fastify.decorate('mailPreferencesRepository', repository);
  },
  { name: 'mail-preferences-repository', dependencies: ['store'] },
);
