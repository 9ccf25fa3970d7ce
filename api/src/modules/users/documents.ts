import type { ObjectId } from 'mongodb';
import type { LegalConsent } from '../legal/documents';
import type { TeamMembership, TeamNotice } from '../team/documents';

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
  /** The terms of use and privacy policy accepted (versions and when); missing or null: none recorded. */
  consent?: LegalConsent | null;
  /** Why a team the user sat in ended without them (shown on the next visit until dismissed). */
  teamNotice?: TeamNotice | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What stands for an erased person (LGPD) on the records kept after the erasure (signed records, audit trail, revisions). */
export const ERASED_PERSON_NAME = 'Pessoa excluída (LGPD)';
