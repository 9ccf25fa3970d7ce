import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the suggestions module touches (suggestions-repository.ts). */
export const SUGGESTIONS_COLLECTIONS = {
  suggestions: 'suggestions',
  /** One row per (suggestion, member): the unique index makes a vote count once. */
  suggestionVotes: 'suggestionVotes',
} as const;

const { suggestions, suggestionVotes } = SUGGESTIONS_COLLECTIONS;

export const SUGGESTIONS_INDEXES: IndexDeclaration[] = [
  { collection: suggestions, key: { status: 1, createdAt: -1 } },
  { collection: suggestions, key: { userId: 1, createdAt: -1 } },
  // open suggestions listed by votes; a vote counts once
  { collection: suggestions, key: { status: 1, votes: -1, createdAt: -1 } },
  { collection: suggestionVotes, key: { suggestionId: 1, userId: 1 }, options: { unique: true, name: 'one_vote_per_member_suggestion' } },
  { collection: suggestionVotes, key: { userId: 1 } },
];
