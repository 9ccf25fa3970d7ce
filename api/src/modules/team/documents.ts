import type { ObjectId } from 'mongodb';

/**
 * Laboratory accounts (issue 16): a subscription with more than one seat, its seats and its
 * invitations. Collections and indexes in collections.ts; only
 * team-repository.ts touches them.
 */

export interface LaboratoryAccountDocument {
  _id: ObjectId;
  /** The user who bought the seats (holds the MANAGER seat; the wallet is their `credits`). */
  managerId: ObjectId;
  subscriptionId: ObjectId;
  /** Copied from the manager's profile laboratory when the account is created. */
  name: string;
  /** Upper case without punctuation (numeric or alphanumeric, @clube/documents). */
  cnpj: string;
  /** Seats that may be occupied now: the subscription's seats (a reduction waiting for the next cycle already counts). */
  seats: number;
  /** ACTIVE seats, the manager's included. Only changed by conditional updates: never above `seats`. */
  seatsUsed: number;
  /** Set when the team ended because its manager deleted their account (every seat freed; the record kept). */
  closedReason?: 'MANAGER_DELETED';
  closedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const SEAT_ROLES = ['MANAGER', 'TECHNICIAN'] as const;
export type SeatRole = (typeof SEAT_ROLES)[number];
export const SEAT_STATUSES = ['ACTIVE', 'REMOVED'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

export interface SeatDocument {
  _id: ObjectId;
  accountId: ObjectId;
  userId: ObjectId;
  email: string;
  role: SeatRole;
  status: SeatStatus;
  joinedAt: Date;
  removedAt: Date | null;
}

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'REVOKED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface InvitationDocument {
  _id: ObjectId;
  accountId: ObjectId;
  /** Lower-case. */
  email: string;
  /** SHA-256 (hex) of the token; the token itself is only in the link shown once to the manager. */
  tokenHash: string;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
  acceptedBy: ObjectId | null;
  acceptedAt: Date | null;
}

/** What user responses and menus show of the team a user belongs to (denormalised on the profile). */
/** Shown to a technician on their next visit when their laboratory's team ended without them (dismissed with DELETE /v1/team/notice). */
export interface TeamNotice {
  laboratoryName: string;
  message: string;
  at: Date;
}

export interface TeamMembership {
  accountId: ObjectId;
  role: SeatRole;
  laboratoryName: string;
}
