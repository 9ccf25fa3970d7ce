import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';

/**
 * The competence dossier's own records (issue 31; the design in README.md): functions and what they
 * require, who holds them, the completions of each document revision, reminders and exports.
 */

export interface RequirementDocument {
  itemType: ItemType;
  itemId: ObjectId;
  /** How long a completion counts; null: it does not expire. */
  validityMonths: number | null;
}

export interface CompetenceFunctionDocument {
  _id: ObjectId;
  accountId: ObjectId;
  name: string;
  /** The name folded to lower case (one active function of a name per laboratory). */
  nameKey: string;
  description: string;
  requirements: RequirementDocument[];
  /** Days a newly assigned person has to complete each requirement. */
  dueDays: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface FunctionAssignmentDocument {
  _id: ObjectId;
  accountId: ObjectId;
  functionId: ObjectId;
  userId: ObjectId;
  assignedAt: Date;
  assignedBy: ObjectId;
  active: boolean;
  endedAt: Date | null;
}

/** ASSESSMENT: passed the item's quiz; WATCHED: a video without a quiz watched to the end (the 90 % rule). */
export const COMPLETION_METHODS = ['ASSESSMENT', 'WATCHED'] as const;
export type CompletionMethod = (typeof COMPLETION_METHODS)[number];

/** A person completed one revision of an item: passed its assessment, or watched a video that has none. */
export interface CompletionDocument {
  _id: ObjectId;
  userId: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  /** The document revision in force when completed; null when the item was not under document control. */
  revision: number | null;
  completedAt: Date;
  method: CompletionMethod;
  attemptId: ObjectId | null;
  attemptNumber: number | null;
  scorePercent: number | null;
  passMarkPercent: number | null;
  /** Set when a later revision was published: the completion stays in the history as "substituída". */
  supersededAt: Date | null;
  supersededByRevision: number | null;
}

/** Where a person stands on a requirement (rules/trail.ts decides). */
export const REQUIREMENT_STATUSES = ['VALID', 'EXPIRING', 'EXPIRED', 'REVISION_DUE', 'PENDING'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export const EXPORT_FORMATS = ['PDF', 'CSV'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A dossier file handed out, with the SHA-256 of its content (the CSV of the same data), for checking it later. */
export interface ExportDocument {
  _id: ObjectId;
  accountId: ObjectId;
  /** The laboratory's name when generated. */
  laboratoryName: string;
  format: ExportFormat;
  userId: ObjectId;
  subjectName: string;
  sha256: string;
  generatedAt: Date;
  generatedBy: ObjectId;
  generatedByName: string;
}
