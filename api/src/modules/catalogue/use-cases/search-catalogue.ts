import type { FastifyInstance } from 'fastify';
import type { ObjectId } from 'mongodb';
import type { ItemSearchText, ItemType, TranscriptDocument } from '../documents';

/**
 * One search over published contents, videos and what is said in videos, ranked in memory over
 * the folded text the items keep (no pattern from the user ever reaches the database: each term
 * is escaped, see search-text.ts). Ranking: more of the query's terms matched first; then the
 * sum, per term, of the best place it was found — title 3, summary/description 2, body or
 * transcript 1; then newest first.
 */
export const FIELD_WEIGHTS = { title: 3, summary: 2, body: 1, transcript: 1 } as const;
export type MatchField = keyof typeof FIELD_WEIGHTS;

export interface SearchHit {
  type: ItemType;
  id: ObjectId;
  publishedAt: Date | null;
  matchedTerms: number;
  score: number;
  matchedIn: MatchField[];
  /** Videos found in their transcript: the cue that says most of the terms (filled by `withCues`). */
  cue: { startSeconds: number; endSeconds: number; text: string } | null;
}

type Cue = TranscriptDocument['cues'][number];

/** The cue that says most of the terms (the earliest of equals). */
export function bestCue(cues: Cue[], terms: string[]): Cue | null {
  let best: { cue: Cue; said: number } | null = null;
  for (const cue of cues) {
    const said = terms.filter((term) => cue.folded.includes(term)).length;
    if (said > (best?.said ?? 0)) best = { cue, said };
  }
  return best?.cue ?? null;
}

function score(type: ItemType, id: ObjectId, publishedAt: Date | null, text: ItemSearchText | undefined, terms: string[], spoken: string): SearchHit | null {
  const fields: [MatchField, string][] = [
    ['title', text?.title ?? ''],
    ['summary', text?.summary ?? ''],
    ['body', text?.body ?? ''],
    ['transcript', spoken],
  ];
  const matchedIn = new Set<MatchField>();
  let matchedTerms = 0;
  let total = 0;
  for (const term of terms) {
    let best = 0;
    for (const [field, value] of fields) {
      if (value.includes(term)) {
        matchedIn.add(field);
        best = Math.max(best, FIELD_WEIGHTS[field]);
      }
    }
    if (best > 0) {
      matchedTerms += 1;
      total += best;
    }
  }
  if (matchedTerms === 0) return null;
  return { type, id, publishedAt, matchedTerms, score: total, matchedIn: [...matchedIn], cue: null };
}

/**
 * Every hit, ranked; the cues are read only for the page's videos (`withCues`), since a hit list
 * can hold hundreds of transcripts.
 */
export async function searchCatalogue(fastify: FastifyInstance, terms: string[], type?: ItemType): Promise<SearchHit[]> {
  if (terms.length === 0) return [];
  const wantContents = type !== 'VIDEO';
  const wantVideos = type !== 'CONTENT';
  const [contents, transcripts] = await Promise.all([
    wantContents ? fastify.contentsRepository.searchCandidates(terms) : [],
    wantVideos ? fastify.transcriptsRepository.searchCandidates(terms) : [],
  ]);
  const spokenByVideo = new Map(transcripts.map((transcript) => [transcript.videoId.toHexString(), transcript.searchText]));
  // Videos found by their own text or by what is said in them; published ones only.
  const videos = wantVideos ? await fastify.videosRepository.searchCandidates(terms, transcripts.map((transcript) => transcript.videoId)) : [];

  const hits: SearchHit[] = [];
  for (const content of contents) {
    const hit = score('CONTENT', content._id, content.publishedAt, content.search, terms, '');
    if (hit) hits.push(hit);
  }
  for (const video of videos) {
    const hit = score('VIDEO', video._id, video.publishedAt, video.search, terms, spokenByVideo.get(video._id.toHexString()) ?? '');
    if (hit) hits.push(hit);
  }
  return hits.sort(
    (a, b) =>
      b.matchedTerms - a.matchedTerms ||
      b.score - a.score ||
      (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) ||
      b.id.toHexString().localeCompare(a.id.toHexString()),
  );
}

/** Fills `cue` for the given hits (a page) that were found in a transcript. */
export async function withCues(fastify: FastifyInstance, hits: SearchHit[], terms: string[]): Promise<SearchHit[]> {
  const spoken = hits.filter((hit) => hit.matchedIn.includes('transcript'));
  const transcripts = await fastify.transcriptsRepository.findByVideos(spoken.map((hit) => hit.id));
  const byVideo = new Map(transcripts.map((transcript) => [transcript.videoId.toHexString(), transcript.cues]));
  return hits.map((hit) => {
    if (!hit.matchedIn.includes('transcript')) return hit;
    const cue = bestCue(byVideo.get(hit.id.toHexString()) ?? [], terms);
    return { ...hit, cue: cue ? { startSeconds: cue.startSeconds, endSeconds: cue.endSeconds, text: cue.text } : null };
  });
}
