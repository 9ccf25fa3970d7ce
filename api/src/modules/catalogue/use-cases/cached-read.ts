import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
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
async function nextPublication(fastify: FastifyInstance, now: Date): Promise<Date | null> {
  const next = await Promise.all([fastify.contentsRepository.nextPublication(now), fastify.videosRepository.nextPublication(now)]);
  const dates = next.filter((date): date is Date => date !== null);
  return dates.length ? new Date(Math.min(...dates.map((date) => date.getTime()))) : null;
}

/**
 * A catalogue read through the response cache (plugins/response-cache.ts): the serialized answer
 * kept per URL and caller's variant, built by `build` when there is none; `cards` names what an
 * answer shows, or null when it may not be kept (signed links of an open gate).
 */
export function cachedCatalogueRead<P>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<P>,
  cards: (payload: P) => ShownCard[] | null,
) {
  return fastify.responseCache.read(request, reply, {
    topic: 'catalogue',
    build,
    scopeOf: (payload) => {
      const shown = cards(payload);
      return shown ? scopeOfCards(shown) : null;
    },
    variantOf: (scope) => catalogueVariant(fastify, request, scope),
    changesAt: (now) => nextPublication(fastify, now),
  });
}
