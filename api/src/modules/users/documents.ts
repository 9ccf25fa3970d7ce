import type { ObjectId } from 'mongodb';
import type { TeamMembership } from '../team/documents';

/** Collection names, so a typo is a compile error rather than an empty collection. */
export const COLLECTIONS = {
  users: 'users',
  subscriptions: 'subscriptions',
  // billing (document types in db/billing.ts)
  plans: 'plans',
  invoices: 'invoices',
  // catalogue (document types in db/catalogue.ts)
  categories: 'categories',
  contents: 'contents',
  videos: 'videos',
  banners: 'banners',
  suggestions: 'suggestions',
  unlocks: 'unlocks',
  // admin + account (issues 13/14)
  /** One document per member and video (db/catalogue.ts VideoProgressDocument), written by the player's progress route. */
  videoProgress: 'videoProgress',
  /** Certificates of completion, one document per version (db/certificates.ts CertificateDocument). */
  certificates: 'certificates',
  /** One row per (suggestion, member): the unique index makes a vote count once. */
  suggestionVotes: 'suggestionVotes',
  /** Erased accounts: { _id: sha256(Firebase uid), deletedAt } — tokens of these uids are refused. */
  deletedAccounts: 'deletedAccounts',
  /** Short-lived mutexes (e.g. the admin roster: the last ADMIN is never demoted or deleted). */
  locks: 'locks',
  transcripts: 'transcripts',
  // laboratory accounts (issue 16; document types in db/team.ts)
  laboratoryAccounts: 'laboratoryAccounts',
  seats: 'seats',
  invitations: 'invitations',
} as const;

export const USER_ROLES = ['ADMIN', 'USER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

export interface Address {
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  state: BrazilianState;
}

export interface Laboratory {
  name: string;
  cnpj: string;
  phone: string;
  address: Address;
}

export interface UserDocument {
  _id: ObjectId;
  providerId: string;
  email: string;
  name: string;
  role: UserRole;
  subscription: ObjectId | null;
  hasActiveSubscription: boolean;
  onboardingCompleted: boolean;
  laboratory: Laboratory | null;
  credits: { balance: number; used: number };
  /** The laboratory account the user manages or sits in (ACTIVE seat); missing or null: none. */
  team?: TeamMembership | null;
  createdAt: Date;
  updatedAt: Date;
}

export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'PAUSED', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Drives the partial unique index "one open subscription per user" (see db/indexes.ts). */
export function isOpenSubscriptionStatus(status: SubscriptionStatus): boolean {
  return status !== 'CANCELED';
}
