import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import type { StoreSort } from '../../store/store';
import { findPage, type PageRequest } from '../../store/pagination';
import { literalPattern } from '../../store/text-pattern';
import { USERS_COLLECTIONS } from './collections';
import type { Laboratory, UserDocument, UserRole } from './documents';
import type { LegalConsent } from '../legal/documents';
import type { TeamMembership, TeamNotice } from '../team/documents';
import { cnpjSearchKey } from './rules/laboratory';
import { AppError, conflict, isDuplicateKeyError } from '../../http/app-error';
import { toObjectId } from '../../store/object-id';
import { bumpingMemberOnWrite, bumpingOnWrite } from '../../plugins/response-cache';

export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export interface UserListFilters extends PageRequest {
  field: UserSortField;
  criteria: 'asc' | 'desc';
  searchTerm?: string | undefined;
  role?: UserRole | 'ALL' | undefined;
  isSubscriber?: boolean | undefined;
  hasUsedCredits?: boolean | undefined;
}

export type UserExportFilters = Omit<UserListFilters, 'page' | 'limit'>;

export interface NewUserIdentity {
  providerId: string;
  email: string;
  name: string;
  /** The terms and privacy policy accepted at sign-up. */
  consent?: LegalConsent | undefined;
}

export interface ProfileChanges {
  name?: string | undefined;
  onboardingCompleted?: boolean | undefined;
  laboratory?: Laboratory | undefined;
  consent?: LegalConsent | undefined;
}

export interface UsersRepository {
  findById(id: string | ObjectId): Promise<UserDocument | null>;
  /** The profile of a Firebase uid: kept in this process while fresh (frozen: shared by the requests that read it). */
  findByProviderId(providerId: string): Promise<UserDocument | null>;
  /** The profile of a Firebase uid if this process keeps it fresh, at once (the sign-in check's hot path: no promise), else undefined. */
  keptByProviderId(providerId: string): UserDocument | undefined;
  /** Name and e-mail of several users at once (authors, owners of listed rows). */
  findSummaries(ids: ObjectId[]): Promise<Pick<UserDocument, '_id' | 'name' | 'email'>[]>;
  findByEmail(email: string): Promise<UserDocument | null>;
  findByIds(ids: ObjectId[]): Promise<UserDocument[]>;
  /** Ids of the profiles whose name or e-mail contains `term` (literal, any case), at most `limit`: other lists filter by member. */
  findIdsMatching(term: string, limit: number): Promise<ObjectId[]>;
  existsById(id: string | ObjectId): Promise<boolean>;
  list(filters: UserListFilters): Promise<{ data: UserDocument[]; total: number }>;
  /** Every profile the list's filters and sort select, read as it is written (CSV export). */
  streamAll(filters: UserExportFilters): AsyncIterable<UserDocument>;
  /** Creates the profile for a Firebase account once; later calls return the existing one. */
  createFromIdentity(identity: NewUserIdentity): Promise<{ user: UserDocument; created: boolean }>;
  updateProfile(id: string | ObjectId, changes: ProfileChanges): Promise<UserDocument | null>;
  /**
   * Changes the role under the admin-roster lock: demoting the last ADMIN is a 409 `LAST_ADMIN`,
   * also when two admins demote each other at the same moment.
   */
  updateRole(id: string | ObjectId, role: UserRole): Promise<UserDocument | null>;
  /** True when `id` is an ADMIN and no other ADMIN exists (a read; `deleteProfile` decides under the lock). */
  isLastAdmin(id: ObjectId): Promise<boolean>;
  /** Removes the profile (LGPD deletion) under the admin-roster lock; the last ADMIN is a 409 `LAST_ADMIN`. */
  deleteProfile(id: ObjectId): Promise<boolean>;
  /** Remembers that this Firebase uid was erased (only a SHA-256 of it), so its tokens are refused from now on. */
  recordErasedIdentity(providerId: string): Promise<void>;
  isErasedIdentity(providerId: string): Promise<boolean>;
  /** Seed: inserts the profile unless one with its providerId exists; true when inserted. */
  insertIfAbsent(user: UserDocument): Promise<boolean>;
  /** Seed: the emulator lost its accounts and the e-mail got a new uid. */
  relinkProvider(email: string, providerId: string): Promise<void>;
  creditsOf(id: ObjectId): Promise<{ balance: number; used: number }>;
  /** Billing only (use cases): credits granted (+) or taken back (−, never below 0). */
  adjustCredits(id: ObjectId, delta: number, at: Date): Promise<void>;
  /** Unlocks only: takes `cost` credits if the balance covers them; null when it does not. */
  spendCredits(id: ObjectId, cost: number, at: Date): Promise<{ balance: number; used: number } | null>;
  /** Billing only: what the profile shows of the member's current subscription. */
  setSubscriptionSummary(id: ObjectId, subscriptionId: ObjectId | null, hasActiveSubscription: boolean, at: Date): Promise<void>;
  /** Laboratory accounts only: the team the user manages or sits in (null when the seat ends). */
  setTeam(id: ObjectId, team: TeamMembership | null, at: Date): Promise<void>;
  /** The notice that the user's team ended (null: seen). */
  setTeamNotice(id: ObjectId, notice: TeamNotice | null, at: Date): Promise<void>;
}

interface ErasedIdentityDocument {
  /** SHA-256 (hex) of the Firebase uid. */
  _id: string;
  deletedAt: Date;
}

const identityHash = (providerId: string) => createHash('sha256').update(providerId).digest('hex');

/** How long a role change waits for another one, and when a lock left by a crashed request is taken over. */
const ROSTER_LOCK_WAIT_MS = 5_000;
const ROSTER_LOCK_STALE_MS = 30_000;
const ROSTER_LOCK_ID = 'admin-roster';

interface LockDocument {
  _id: string;
  owner: string;
  lockedAt: Date;
}

const lastAdmin = () =>
  conflict(
    'Não é possível remover o último administrador. Promova outra pessoa a administradora antes.',
    'LAST_ADMIN',
  );

/** The filter of `GET /users` (and of its CSV export): same parameters, same meaning. */
export function userListFilter({
  searchTerm,
  role,
  isSubscriber,
  hasUsedCredits,
}: Pick<UserListFilters, 'searchTerm' | 'role' | 'isSubscriber' | 'hasUsedCredits'>): Filter<UserDocument> {
  const filter: Filter<UserDocument> = {};
  if (role && role !== 'ALL') filter.role = role;
  if (isSubscriber !== undefined) filter.hasActiveSubscription = isSubscriber;
  if (hasUsedCredits !== undefined) filter['credits.used'] = hasUsedCredits ? { $gt: 0 } : { $lte: 0 };
  const term = searchTerm?.trim();
  if (term) {
    // Literal, case-insensitive text: whatever the person typed, never a pattern.
    const pattern = literalPattern(term, 'i');
    // A CNPJ is found typed either way (masked or not, any case): it is stored normalised.
    const cnpj = cnpjSearchKey(term);
    filter.$or = [{ name: pattern }, { email: pattern }, ...(cnpj ? [{ 'laboratory.cnpj': literalPattern(cnpj, 'i') }] : [])];
  }
  return filter;
}

function listSort(field: UserSortField, criteria: 'asc' | 'desc'): StoreSort {
  const direction = criteria === 'asc' ? 1 : -1;
  return { [field]: direction, _id: direction };
}

export default fp(
  async function usersRepository(fastify: FastifyInstance) {
    // The admin's list (topic `users`) and the member's own cached reads (role, credits, access summary).
    const collection = () =>
      bumpingMemberOnWrite(bumpingOnWrite(fastify.store.collection<UserDocument>(USERS_COLLECTIONS.users), fastify.responseCache, 'users'), fastify.responseCache, '_id');
    const now = () => fastify.clock.now();
    // The sign-in check reads the caller's profile on every request: kept in this process until a
    // write to profiles (or to members' state, or the member's own) and for at most a second.
    // The bench's profile read on the built API (27 Nov 2026, alternating 4-s rounds, embedded
    // store): 84–103 µs of server CPU per request read from the store, 68–76 µs kept (what a hit
    // costs). On MongoDB it saves a round trip per request.
    const byProviderId = fastify.responseCache.keptDocuments<UserDocument>({ topics: ['users'], memberOf: (user) => user._id.toHexString(), max: 10_000 });
    const locks = () => fastify.store.collection<LockDocument>(USERS_COLLECTIONS.locks);
    const erased = () => fastify.store.collection<ErasedIdentityDocument>(USERS_COLLECTIONS.deletedAccounts);

    /**
     * One role change (or admin deletion) at a time, across instances: the lock is a document
     * with a fixed _id, so a second insert fails with a duplicate key and waits. Wall-clock time
     * on purpose (the injected clock of tests may stand still).
     */
    async function withRosterLock<T>(work: () => Promise<T>): Promise<T> {
      const owner = new ObjectId().toHexString();
      const giveUpAt = Date.now() + ROSTER_LOCK_WAIT_MS;
      for (;;) {
        try {
          await locks().insertOne({ _id: ROSTER_LOCK_ID, owner, lockedAt: new Date() });
          break;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          await locks().deleteOne({ _id: ROSTER_LOCK_ID, lockedAt: { $lt: new Date(Date.now() - ROSTER_LOCK_STALE_MS) } });
          if (Date.now() > giveUpAt) {
            throw new AppError(503, 'ROLE_CHANGE_BUSY', 'Outra alteração de papéis está em andamento. Tente novamente em instantes.');
          }
          await new Promise((resolve) => setTimeout(resolve, 10 + Math.floor(Math.random() * 20)));
        }
      }
      try {
        return await work();
      } finally {
        await locks().deleteOne({ _id: ROSTER_LOCK_ID, owner });
      }
    }

    const otherAdmins = (id: ObjectId) => collection().countDocuments({ role: 'ADMIN', _id: { $ne: id } }, { limit: 1 });

    const repository: UsersRepository = {

      findById: (id) => collection().findOne({ _id: toObjectId(id) }),

      findByProviderId: (providerId) => byProviderId.get(providerId, () => collection().findOne({ providerId })),
      keptByProviderId: (providerId) => byProviderId.peek(providerId),

      findSummaries: async (ids) =>
        ids.length === 0 ? [] : collection().find({ _id: { $in: ids } }, { projection: { name: 1, email: 1 } }).toArray(),

      findByEmail: (email) => collection().findOne({ email: email.toLowerCase() }),

      findByIds: (ids) => (ids.length ? collection().find({ _id: { $in: ids } }).toArray() : Promise.resolve([])),

      async findIdsMatching(term, limit) {
        const rows = await collection().find(userListFilter({ searchTerm: term }), { projection: { _id: 1 } }).sort({ _id: 1 }).limit(limit).toArray();
        return rows.map((row) => row._id);
      },

      async existsById(id) {
        return (await collection().countDocuments({ _id: toObjectId(id) }, { limit: 1 })) > 0;
      },

      async list({ page, limit, field, criteria, ...filters }) {
        return findPage(collection(), userListFilter(filters), listSort(field, criteria), page, limit);
      },

      streamAll: ({ field, criteria, ...filters }) => collection().find(userListFilter(filters)).sort(listSort(field, criteria)),

      async createFromIdentity({ providerId, email, name, consent }) {
        const existing = await collection().findOne({ providerId });
        if (existing) return { user: existing, created: false };
        const at = now();
        const user: UserDocument = {
          _id: new ObjectId(),
          providerId,
          email: email.toLowerCase(),
          name,
          role: 'USER',
          subscription: null,
          hasActiveSubscription: false,
          onboardingCompleted: false,
          laboratory: null,
          credits: { balance: 0, used: 0 },
          consent: consent ?? null,
          createdAt: at,
          updatedAt: at,
        };
        try {
          await collection().insertOne(user);
          return { user, created: true };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          // Two first requests racing: the other one created it.
          const raced = await collection().findOne({ providerId });
          if (raced) return { user: raced, created: false };
          throw conflict('Já existe um perfil com este e-mail. Entre com a conta que o criou.', 'EMAIL_IN_USE');
        }
      },

      async updateProfile(id, changes) {
        const set: Partial<UserDocument> = { updatedAt: now() };
        if (changes.name !== undefined) set.name = changes.name;
        if (changes.onboardingCompleted !== undefined) set.onboardingCompleted = changes.onboardingCompleted;
        if (changes.laboratory !== undefined) set.laboratory = changes.laboratory;
        if (changes.consent !== undefined) set.consent = changes.consent;
        return collection().findOneAndUpdate({ _id: toObjectId(id) }, { $set: set }, { returnDocument: 'after' });
      },

      updateRole: (id, role) =>
        withRosterLock(async () => {
          const _id = toObjectId(id);
          const target = await collection().findOne({ _id }, { projection: { role: 1 } });
          if (!target) return null;
          if (target.role === 'ADMIN' && role !== 'ADMIN' && (await otherAdmins(_id)) === 0) throw lastAdmin();
          return collection().findOneAndUpdate({ _id }, { $set: { role, updatedAt: now() } }, { returnDocument: 'after' });
        }),

      async isLastAdmin(id) {
        const user = await collection().findOne({ _id: id }, { projection: { role: 1 } });
        return user?.role === 'ADMIN' && (await otherAdmins(id)) === 0;
      },

      deleteProfile: (id) =>
        withRosterLock(async () => {
          const target = await collection().findOne({ _id: id }, { projection: { role: 1 } });
          if (!target) return false;
          if (target.role === 'ADMIN' && (await otherAdmins(id)) === 0) throw lastAdmin();
          return (await collection().deleteOne({ _id: id })).deletedCount === 1;
        }),

      async recordErasedIdentity(providerId) {
        await erased().updateOne({ _id: identityHash(providerId) }, { $setOnInsert: { deletedAt: now() } }, { upsert: true });
      },

      async isErasedIdentity(providerId) {
        return (await erased().countDocuments({ _id: identityHash(providerId) }, { limit: 1 })) > 0;
      },

      async insertIfAbsent(user) {
        const result = await collection().updateOne({ providerId: user.providerId }, { $setOnInsert: user }, { upsert: true });
        return result.upsertedCount > 0;
      },

      async relinkProvider(email, providerId) {
        await collection().updateOne({ email: email.toLowerCase() }, { $set: { providerId } });
      },

      async creditsOf(id) {
        const user = await collection().findOne({ _id: id }, { projection: { credits: 1 } });
        return { balance: user?.credits?.balance ?? 0, used: user?.credits?.used ?? 0 };
      },

      async adjustCredits(id, delta, at) {
        if (delta === 0) return;
        if (delta > 0) {
          await collection().updateOne({ _id: id }, { $inc: { 'credits.balance': delta }, $set: { updatedAt: at } });
          return;
        }
        const taken = await collection().updateOne(
          { _id: id, 'credits.balance': { $gte: -delta } },
          { $inc: { 'credits.balance': delta }, $set: { updatedAt: at } },
        );
        // Spent meanwhile (an unlock between load and write): take what is left.
        if (!taken.modifiedCount) await collection().updateOne({ _id: id }, { $set: { 'credits.balance': 0, updatedAt: at } });
      },

      async spendCredits(id, cost, at) {
        const charged = await collection().findOneAndUpdate(
          { _id: id, 'credits.balance': { $gte: cost } },
          { $inc: { 'credits.balance': -cost, 'credits.used': cost }, $set: { updatedAt: at } },
          // The whole profile comes back: FerretDB 1.x cannot project a findAndModify (its `fields`).
          { returnDocument: 'after' },
        );
        return charged ? charged.credits : null;
      },

      async setSubscriptionSummary(id, subscriptionId, hasActiveSubscription, at) {
        await collection().updateOne({ _id: id }, { $set: { subscription: subscriptionId, hasActiveSubscription, updatedAt: at } });
      },
      async setTeamNotice(id, teamNotice, at) {
        await collection().updateOne({ _id: id }, { $set: { teamNotice, updatedAt: at } });
      },
      async setTeam(id, team, at) {
        await collection().updateOne({ _id: id }, { $set: { team, updatedAt: at } });
      },
    };

    fastify.decorate('usersRepository', repository);
  },
  { name: 'users-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
