import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { ownCacheMember } from '../../../plugins/response-cache';
import type { ItemType } from '../documents';
import type { VideoProgressDocument } from '../../progress/documents';

/** A card as an answer shows it: what the caller's variant of that answer depends on. */
export interface ShownCard {
  type: ItemType;
  _id: string;
  access: string;
}

/** What the variants of a catalogue answer depend on: the videos it shows (progress) and its CREDITS items (unlocks). */
export interface CatalogueScope {
  videoIds: ObjectId[];
  creditIds: Record<ItemType, ObjectId[]>;
}

export function scopeOfCards(cards: ShownCard[]): CatalogueScope {
  const scope: CatalogueScope = { videoIds: [], creditIds: { CONTENT: [], VIDEO: [] } };
  for (const card of cards) {
    const id = new ObjectId(card._id);
    if (card.type === 'VIDEO') scope.videoIds.push(id);
    if (card.access === 'CREDITS') scope.creditIds[card.type].push(id);
  }
  return scope;
}

/** Every field of a progress row the video card shows (progress/responses.ts, toProgressSummary). */
const progressKey = (entry: VideoProgressDocument) =>
  `${entry.videoId.toHexString()}=${entry.positionSeconds},${entry.durationSeconds},${entry.watchedSeconds},${entry.finishedAt?.getTime() ?? ''},${entry.lastReportAt.getTime()}`;

/**
 * The caller's variant of a catalogue answer: what the gate and the cards depend on — signed in
 * or not, an active subscription, their unlocks and progress among the items shown — never who
 * they are: two members with the same plan state and no progress there share one body. Admins
 * see drafts and every item open: no cached answer.
 */
async function catalogueVariant(fastify: FastifyInstance, request: FastifyRequest, scope: CatalogueScope): Promise<string | null> {
  const { user } = request;
  if (!user) return 'guest';
  if (user.role === 'ADMIN') return null;
  const [active, unlockedContents, unlockedVideos, progress] = await Promise.all([
    fastify.billing.hasAccess(user._id),
    fastify.unlocksService.unlockedIds(user._id, 'CONTENT', scope.creditIds.CONTENT),
    fastify.unlocksService.unlockedIds(user._id, 'VIDEO', scope.creditIds.VIDEO),
    fastify.progressRepository.findForVideos(user._id, scope.videoIds),
  ]);
  const unlocked = [...unlockedContents, ...unlockedVideos].sort().join(',');
  const own = progress.map(progressKey).sort().join(';');
  return `${active ? 'subscriber' : 'member'}|${unlocked}|${own}`;
}

/** When the next scheduled content or video becomes visible: cached catalogue answers are stale from then. */
export async function nextPublication(fastify: FastifyInstance, now: Date): Promise<Date | null> {
  const next = await Promise.all([fastify.contentsRepository.nextPublication(now), fastify.videosRepository.nextPublication(now)]);
  const dates = next.filter((date): date is Date => date !== null);
  return dates.length ? new Date(Math.min(...dates.map((date) => date.getTime()))) : null;
}

/**
 * How long a member's answer with signed links (a video's source, captions, attachments) may be
 * given again: its links expire FILE_URL_TTL_SECONDS after the whole second it was built in
 * (files/file-urls-service.ts), so it is kept until a tenth of that TTL past that second — every
 * link handed out from a kept body has at least nine tenths of FILE_URL_TTL_SECONDS left. ≤ 0: not kept.
 */
export function signedAnswerKeepMs(fastify: FastifyInstance, now: Date): number {
  const at = now.getTime();
  return Math.floor(at / 1000) * 1000 + fastify.config.fileUrlTtlSeconds * 100 - at;
}

/**
 * A catalogue read through the response cache (plugins/response-cache.ts): the serialized answer
 * kept per URL and caller's variant, built by `build` when there is none, and kept for the member
 * alone too (their next read of the URL is served with no variant lookup); `cards` names what an
 * answer shows, or null when it carries signed links: then it is kept only for the member, for
 * `signedAnswerKeepMs`.
 */
export function cachedCatalogueRead<P>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<P>,
  cards: (payload: P) => ShownCard[] | null,
) {
  const member = ownCacheMember(request);
  // The member's kept body first: a hit makes none of the functions below.
  const kept = fastify.responseCache.sendKept(request, reply, member);
  if (kept) return kept;
  return fastify.responseCache.read(request, reply, {
    topic: 'catalogue',
    build,
    scopeOf: (payload) => {
      const shown = cards(payload);
      return shown ? scopeOfCards(shown) : null;
    },
    variantOf: (scope) => catalogueVariant(fastify, request, scope),
    changesAt: (now) => nextPublication(fastify, now),
    member,
    ownKeepMs: (_payload, now) => signedAnswerKeepMs(fastify, now),
  });
}
