import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';

/**
 * Quizzes attached to videos and contents, and every attempt at them (issue 31). The key (which
 * options are correct) and the explanations never leave the server before an attempt is submitted.
 */

export const QUESTION_KINDS = ['SINGLE', 'MULTIPLE'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface OptionDocument {
  /** Stable within the quiz version (answers name options by id, whatever order they were shown in). */
  id: string;
  text: string;
  correct: boolean;
}

export interface QuestionDocument {
  id: string;
  kind: QuestionKind;
  text: string;
  /** Shown with the result, after submission. */
  explanation: string | null;
  options: OptionDocument[];
}

export interface AssessmentDocument {
  _id: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  /** Percent of questions right to pass (1–100). */
  passMarkPercent: number;
  /** Attempts a person has per document revision. */
  maxAttempts: number;
  /** Questions and options in a new order for each attempt (absent on quizzes saved before the choice existed: shuffled). */
  shuffle?: boolean;
  /** Bumped by every save; an attempt keeps the version (and the questions) it was started with. */
  version: number;
  questions: QuestionDocument[];
  createdAt: Date;
  updatedAt: Date;
}

export interface AnswerDocument {
  questionId: string;
  optionIds: string[];
}

export interface AttemptDocument {
  _id: ObjectId;
  assessmentId: ObjectId;
  assessmentVersion: number;
  userId: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  /** The document revision in force when started; null when the item is not under document control. */
  revision: number | null;
  /** `revision`, or -1 for none (a number, for the unique index). */
  revisionKey: number;
  /** 1, 2, … per person, item and revision. */
  number: number;
  /** The questions as this attempt shows them: shuffled, options shuffled, with the key (server only). */
  questions: QuestionDocument[];
  passMarkPercent: number;
  startedAt: Date;
  submittedAt: Date | null;
  answers: AnswerDocument[] | null;
  correctCount: number | null;
  scorePercent: number | null;
  passed: boolean | null;
}
