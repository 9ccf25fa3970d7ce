import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Document } from 'mongodb';
import type { StoreCollection } from '../store/store';

/** How a read route's answer may be kept and given again (see `ResponseCache.read`). */
/** What a kept answer shows, each made stale by its own writes: the catalogue (and banners), or the profiles (the admin's list). */
export type CacheTopic = 'catalogue' | 'users';

export interface CachedReadOptions<P, S> {
  /** Which writes make it stale. */
  topic: CacheTopic;
  /** The answer as the route builds it without a cache. */
  build(): Promise<P>;
  /**
   * What a built answer's variants depend on (e.g. the ids of the items it shows, whose gate and
   * progress differ from caller to caller); null: this answer is not kept (e.g. it carries signed links).
   */
  scopeOf(payload: P): S | null;
  /**
   * The caller's variant of an answer of this scope: a key made of what the body depends on for
   * this caller (the gate's tier, their own progress on those items), never of who they are;
   * null: nothing is kept or given for this caller (e.g. admins).
   */
  variantOf(scope: S): Promise<string | null>;
  /**
   * The next moment the answer changes by time alone (a scheduled publication, a banner's window
   * opening or closing), by the club's clock; null when nothing is scheduled. Asked when the answer is built.
   */
  changesAt(now: Date): Promise<Date | null>;
}

export interface ResponseCache {
  /**
   * Every cached answer of this topic is stale from now on: called by the repositories after each
   * write to what cached reads show (the catalogue, banners, profiles). With REDIS_URL, the other
   * API processes hear of it too.
   */
  bump(topic: CacheTopic): void;
  /**
   * A read route's answer: the serialized body kept for this URL (origin, path and query) and the
   * caller's variant when there is a fresh one, else the route's own answer (kept for the next caller of
   * the same variant). Fresh: no write bumped the generation since, the club's clock has not
   * reached the moment it changes by time alone (`changesAt`) nor gone back before it was built, and it
   * was built less than `RESPONSE_CACHE_TTL_MS` ago (a bound on anything else: a lost Redis message).
   * Undefined when the answer was sent from here (the reply, a thenable: the route returns it as is).
   */
  read<P, S>(request: FastifyRequest, reply: FastifyReply, options: CachedReadOptions<P, S>): Promise<P | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export const RESPONSE_CACHE_TTL_MS = 1000;
/** At most this many URLs are kept (the least recently built leave first), each with at most MAX_VARIANTS bodies. */
const MAX_ENTRIES = 500;
const MAX_VARIANTS = 64;
/** The Redis channel on which API processes tell each other that the catalogue changed. */
export const RESPONSE_CACHE_CHANNEL = 'clube:response-cache:bump';

interface Entry {
  generation: number;
  at: number;
  /** Stale from this time on (ms, club clock). */
  until: number;
  scope: unknown;
  bodies: Map<string, Buffer>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends the kept body; the reply is a thenable that settles once it is written, so an async handler may return it. */
const sent = (reply: FastifyReply, body: Buffer) => reply.type(JSON_TYPE).send(body) as unknown as Promise<undefined>;

export default fp(
  async function responseCache(fastify: FastifyInstance) {
    const generations: Record<CacheTopic, number> = { catalogue: 0, users: 0 };
    const entries = new Map<string, Entry>();
    const processId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    const publish = await redisBus(fastify, processId, (topic) => {
      if (topic in generations) generations[topic as CacheTopic] += 1;
    });

    const cache: ResponseCache = {
      bump(topic) {
        generations[topic] += 1;
        publish(topic);
      },

      async read(request, reply, options) {
        const key = `${request.protocol}://${request.host}${request.url}`;
        const clockNow = fastify.clock.now();
        const now = clockNow.getTime();
        const entry = entries.get(key);
        const generation = () => generations[options.topic];
        const fresh = entry !== undefined && entry.generation === generation() && now >= entry.at && now < entry.until;
        if (fresh) {
          const variant = await options.variantOf(entry.scope as never);
          const body = variant === null ? undefined : entry.bodies.get(variant);
          if (body !== undefined) return sent(reply, body);
        }
        const builtAt = generation();
        const [payload, changesAt] = await Promise.all([options.build(), fresh ? undefined : options.changesAt(clockNow)]);
        const scope = options.scopeOf(payload);
        if (scope === null) return payload;
        const variant = await options.variantOf(scope);
        // A write while the answer was being built: it may hold the older data, keep nothing.
        if (variant === null || generation() !== builtAt) return payload;
        const body = Buffer.from(reply.serialize(payload) as string);
        let kept = fresh ? entry : undefined;
        if (!kept) {
          entries.delete(key);
          kept = { generation: builtAt, at: now, until: Math.min(now + RESPONSE_CACHE_TTL_MS, changesAt?.getTime() ?? Infinity), scope, bodies: new Map() };
          entries.set(key, kept);
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        }
        if (kept.bodies.size >= MAX_VARIANTS) kept.bodies.clear();
        kept.bodies.set(variant, body);
        return sent(reply, body);
      },
    };
    fastify.decorate('responseCache', cache);
  },
  { name: 'response-cache', dependencies: ['clock'] },
);

/**
 * With REDIS_URL, a write on one API process makes every other process's cached answers stale
 * (Redis pub/sub on the rate limit's server); answers the publisher. Without it, a no-op.
 */
async function redisBus(fastify: FastifyInstance, processId: string, onBump: (topic: string) => void): Promise<(topic: CacheTopic) => void> {
  const url = fastify.config.redisUrl;
  if (!url) return () => undefined;
  const options = { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, disconnectTimeout: 200 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => fastify.log.warn({ err: error }, 'response cache: Redis unreachable; other processes may serve stale answers for a second'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  fastify.addHook('onClose', async () => {
    subscriber.disconnect();
    publisher.disconnect();
  });
  // Messages are `<topic> <process>`: a process ignores its own.
  subscriber.on('message', (_channel: string, message: string) => {
    const [topic, from] = message.split(' ');
    if (topic && from !== processId) onBump(topic);
  });
  await subscriber.subscribe(RESPONSE_CACHE_CHANNEL);
  return (topic) => {
    publisher.publish(RESPONSE_CACHE_CHANNEL, `${topic} ${processId}`).catch((error: unknown) => fastify.log.error({ err: error }, 'response cache: publish failed'));
  };
}

const wrapped = new WeakMap<object, object>();

/**
 * The collection, with `bump` called after each of its writes settles (after, not before: a read
 * that started before the write and ends after it is then not kept). Repositories of data that
 * cached reads show wrap their collections with it, so no write path can forget the cache.
 */
export function bumpingOnWrite<T extends Document>(collection: StoreCollection<T>, cache: ResponseCache, topic: CacheTopic): StoreCollection<T> {
  const known = wrapped.get(collection);
  if (known) return known as StoreCollection<T>;
  const after = <R>(write: Promise<R>): Promise<R> => write.finally(() => cache.bump(topic));
  const wrapper: StoreCollection<T> = {
    collectionName: collection.collectionName,
    namespace: collection.namespace,
    insertOne: (doc) => after(collection.insertOne(doc)),
    insertMany: (docs) => after(collection.insertMany(docs)),
    findOne: (filter, options) => collection.findOne(filter, options),
    find: (filter, options) => collection.find(filter, options),
    countDocuments: (filter, options) => collection.countDocuments(filter, options),
    aggregate: (pipeline) => collection.aggregate(pipeline),
    updateOne: (filter, update, options) => after(collection.updateOne(filter, update, options)),
    updateMany: (filter, update, options) => after(collection.updateMany(filter, update, options)),
    findOneAndUpdate: (filter, update, options) => after(collection.findOneAndUpdate(filter, update, options)),
    findOneAndDelete: (filter, options) => after(collection.findOneAndDelete(filter, options)),
    deleteOne: (filter) => after(collection.deleteOne(filter)),
    deleteMany: (filter) => after(collection.deleteMany(filter)),
    createIndex: (key, options) => collection.createIndex(key, options),
    indexes: () => collection.indexes(),
    drop: () => after(collection.drop()),
  };
  wrapped.set(collection, wrapper);
  return wrapper;
}
