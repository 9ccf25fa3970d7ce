import type { FastifyInstance } from 'fastify';
import type { ObjectId } from 'mongodb';
import type { ItemSearchText, ItemType, TranscriptDocument } from '../db/catalogue';

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
  /** Videos: the cue that says most of the terms (the earliest of equals). */
  cue: { startSeconds: number; endSeconds: number; text: string } | null;
}

type Cue = TranscriptDocument['cues'][number];

function bestCue(cues: Cue[], terms: string[]): { cue: Cue; terms: Set<string> } | null {
  let best: { cue: Cue; terms: Set<string> } | null = null;
  for (const cue of cues) {
    const said = new Set(terms.filter((term) => cue.folded.includes(term)));
    if (said.size > (best?.terms.size ?? 0)) best = { cue, terms: said };
  }
  return best;
}

function score(type: ItemType, id: ObjectId, publishedAt: Date | null, text: ItemSearchText | undefined, terms: string[], cues: Cue[]): SearchHit | null {
  const fields: [MatchField, string][] = [
    ['title', text?.title ?? ''],
    ['summary', text?.summary ?? ''],
    ['body', text?.body ?? ''],
  ];
  const spoken = bestCue(cues, terms);
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
    if (spoken?.terms.has(term)) {
      matchedIn.add('transcript');
      best = Math.max(best, FIELD_WEIGHTS.transcript);
    }
    if (best > 0) {
      matchedTerms += 1;
      total += best;
    }
  }
  if (matchedTerms === 0) return null;
  const cue = spoken ? { startSeconds: spoken.cue.startSeconds, endSeconds: spoken.cue.endSeconds, text: spoken.cue.text } : null;
  return { type, id, publishedAt, matchedTerms, score: total, matchedIn: [...matchedIn], cue };
}

export async function searchCatalogue(fastify: FastifyInstance, terms: string[], type?: ItemType): Promise<SearchHit[]> {
  if (terms.length === 0) return [];
  const wantContents = type !== 'VIDEO';
  const wantVideos = type !== 'CONTENT';
  const [contents, videos, transcripts] = await Promise.all([
    wantContents ? fastify.contentsRepository.searchCandidates(terms) : [],
    wantVideos ? fastify.videosRepository.searchCandidates(terms) : [],
    wantVideos ? fastify.transcriptsRepository.searchCandidates(terms) : [],
  ]);
  const cuesByVideo = new Map(transcripts.map((transcript) => [transcript.videoId.toHexString(), transcript.cues]));
  // Videos found only by what is said in them: published ones only.
  const known = new Set(videos.map((video) => video._id.toHexString()));
  const spokenOnly = await fastify.videosRepository.findByIds(
    transcripts.filter((transcript) => !known.has(transcript.videoId.toHexString())).map((transcript) => transcript.videoId),
    true,
  );

  const hits: SearchHit[] = [];
  for (const content of contents) {
    const hit = score('CONTENT', content._id, content.publishedAt, content.search, terms, []);
    if (hit) hits.push(hit);
  }
  for (const video of [...videos, ...spokenOnly]) {
    const hit = score('VIDEO', video._id, video.publishedAt, video.search, terms, cuesByVideo.get(video._id.toHexString()) ?? []);
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
