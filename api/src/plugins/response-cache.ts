import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ObjectId, type Document } from 'mongodb';
import type { StoreCollection } from '../store/store';

/**
 * What a kept answer shows, each made stale by its own writes: the catalogue (and banners), the
 * profiles (the admin's list), or every member's own state at once (`members`: subscriptions,
 * plans, team seats, unlocks — a seat's access or a team unlock reaches other members too).
 */
export type CacheTopic = 'catalogue' | 'users' | 'members';

/** How a read route's answer may be kept and given again (see `ResponseCache.read`). */
export interface CachedReadOptions<P, S> {
  /** Which writes make it stale. */
  topic: CacheTopic;
  /** The answer as the route builds it without a cache. */
  build(): Promise<P>;
  /**
   * What a built answer's variants depend on (e.g. the ids of the items it shows, whose gate and
   * progress differ from caller to caller); null: this answer is not shared between callers (e.g. it carries signed links).
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
  /**
   * The member (hex id, never an admin) whose own state the answer shows: their body is also kept
   * for them alone (`OwnReadOptions`), so their next read of the URL costs no variant lookup.
   */
  member?: string | null;
  /** How long (ms from `now`, when it was built) an answer scopeOf refuses to share may be kept for `member` alone (e.g. a part of its signed links' life); null or ≤ 0: not kept. */
  ownKeepMs?(payload: P, now: Date): number | null;
}

/** A read whose answer belongs to one member (`/me/progress`, their subscription): kept for them alone. */
export interface OwnReadOptions<P> {
  /** The member's hex id; null (a visitor, an admin): nothing is kept, `build` answers. */
  member: string | null;
  /** The shared data the answer also shows (besides the member's own state and `members`). */
  topics: CacheTopic[];
  /**
   * Given the request, so a route may pass the same functions on every request: under tsx (how the
   * API runs) each named function created per request costs a `__name` call (esbuild's keepNames).
   */
  build(request: FastifyRequest): Promise<P>;
  /** As in `CachedReadOptions`; omitted: nothing in the answer changes by time alone. */
  changesAt?(now: Date): Promise<Date | null>;
}

export interface ResponseCache {
  /**
   * Every cached answer of this topic is stale from now on: called by the repositories after each
   * write to what cached reads show (the catalogue, banners, profiles, members' state). With
   * REDIS_URL, the other API processes hear of it too.
   */
  bump(topic: CacheTopic): void;
  /** Every answer kept for this member (hex id) is stale from now on: their own writes (progress, profile). Heard by other processes too. */
  bumpMember(member: string): void;
  /**
   * A read route's answer: the serialized body kept for this URL (origin, path and query) and the
   * caller's variant when there is a fresh one, else the route's own answer (kept for the next caller of
   * the same variant). Fresh: no write bumped the generation since, the club's clock has not
   * reached the moment it changes by time alone (`changesAt`) nor gone back before it was built, and it
   * was built less than `RESPONSE_CACHE_TTL_MS` ago (a bound on anything else: a lost Redis message).
   * With `member`, a body kept for that member and URL is given first, with no variant lookup and
   * without a promise (the reply is answered at once).
   * Undefined when the answer was sent from here (the reply, a thenable: the route returns it as is).
   */
  read<P, S>(request: FastifyRequest, reply: FastifyReply, options: CachedReadOptions<P, S>): Promise<P | undefined>;
  /**
   * The body kept for this member (hex id; null: none) and the request's URL, if fresh: sent at once
   * (answers the reply, already answered), else undefined. `read` and `readOwn` look there first too;
   * a route calls it before it makes their options, so a hit creates no function (under tsx each
   * named function created per request costs a `__name` call: esbuild's keepNames).
   */
  sendKept(request: FastifyRequest, reply: FastifyReply, member: string | null): Promise<undefined> | undefined;
  /**
   * A member's own read (`OwnReadOptions`), fresh under the same rules; stale on their own writes, on
   * `members` and on `topics`. A kept body is sent at once, without a promise (the reply is answered).
   */
  readOwn<P>(request: FastifyRequest, reply: FastifyReply, options: OwnReadOptions<P>): Promise<P | undefined>;
  /**
   * Documents read again and again by the same key (the caller's profile, which the sign-in check
   * reads on every request), kept in this process (`KeptDocuments`).
   */
  keptDocuments<T extends Document>(options: KeptDocumentsOptions<T>): KeptDocuments<T>;
}

export interface KeptDocumentsOptions<T> {
  /** Which writes make a kept document stale (besides `members`, and its member's own writes). */
  topics: CacheTopic[];
  /** The member (hex id) a document belongs to: their own writes make it stale. */
  memberOf(doc: T): string;
  /** At most this many documents are kept, the earliest kept leave first (each lives at most a second: one read often is kept again often). */
  max: number;
}

/**
 * A document given again without reading the store while no write of its topics, of `members` or
 * of its member came since it was read, and for at most `RESPONSE_CACHE_TTL_MS` (the bound on a
 * lost Redis message from another process). Kept documents are frozen (plain objects and arrays,
 * deep): every request that gets one shares it, so a handler that tried to change it would throw.
 */
export interface KeptDocuments<T> {
  /** The document kept under `key` if fresh, else `read`'s (kept unless a write came while it was read); null is not kept. */
  get(key: string, read: () => Promise<T | null>): Promise<T | null>;
  /** The document kept under `key` if fresh, at once (no promise: a hot path's hit costs no tick), else undefined. */
  peek(key: string): T | undefined;
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
/** Bodies kept for one member each: at most this many bytes in all, the earliest kept leave first (see `ownBody`). */
export const OWN_BODIES_MAX_BYTES = 32 * 1024 * 1024;
/** Members whose last write is remembered; past it every member's kept bodies go stale at once (rare, bounded memory). */
const MAX_MEMBER_STAMPS = 100_000;
/** The Redis channel on which API processes tell each other that the catalogue changed. */
export const RESPONSE_CACHE_CHANNEL = 'clube:response-cache:bump';
const MEMBER_PREFIX = 'member:';

interface Entry {
  /** The write sequence when it was built: stale once a write of its topic is later. */
  stamp: number;
  at: number;
  /** Stale from this time on (ms, club clock). */
  until: number;
  scope: unknown;
  bodies: Map<string, Body>;
}

/** A member's read being built: `body` settles with the serialized answer once kept, or undefined when it was not. */
interface Flight {
  started: number;
  body: Promise<Body | undefined>;
  settle(body: Body | undefined): void;
}

/** A body kept for one member and URL. */
interface OwnEntry {
  member: string;
  topics: CacheTopic[];
  stamp: number;
  at: number;
  until: number;
  body: Body;
  /** Its size plus its key's: what the LRU counts. */
  bytes: number;
}

/**
 * Each profile's hex id, made once per profile object: the sign-in check hands every request of a
 * member the same kept (frozen) profile for up to a second, and `toHexString` builds its string anew
 * on every call (24 characters from 12 pieces, 0.3 kB per request by the sampling heap profiler).
 */
const memberIds = new WeakMap<object, string>();

/** The member whose own state a read shows, as the cache keys it (hex id); null for visitors and admins (admins are never served from it). */
export const ownCacheMember = (request: FastifyRequest): string | null => {
  const { user } = request;
  if (!user || user.role === 'ADMIN') return null;
  let id = memberIds.get(user);
  if (id === undefined) {
    id = user._id.toHexString();
    memberIds.set(user, id);
  }
  return id;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/** What a kept answer is kept under: the URL as the caller named it (origin, path and query). */
const urlKey = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;

/**
 * Sends the kept body and answers the reply: a thenable already settled (the body is written at
 * once), so a handler returns it as is, and a hit costs no promise of its own. The routes that
 * return it are plain functions, not `async`: an async handler wraps even a settled reply in a
 * promise of its own, which takes the reply's `then` a microtask later and hands Fastify its own
 * promise, settled one more microtask later (three promise jobs and their closures per hit).
 */
const sent = (reply: FastifyReply, body: Body) => reply.type(JSON_TYPE).send(body) as unknown as Promise<undefined>;

/**
 * A kept answer, in the form Node writes fastest. Node sends a string body with its head in one
 * write and a Buffer in a second (a `writev`); but a string is encoded to UTF-8 on every send, and
 * one with a character past U+00FF (a dash, curly quotes, an emoji: V8 then stores it two bytes per
 * character) costs much more to encode than the write saves. So an answer whose characters all fit
 * in one byte (plain text with Portuguese accents) is kept as the string, any other as its UTF-8
 * bytes, encoded once. A bare Fastify app sending the 7 kB page of videos with the API's headers,
 * 27 Nov 2026, 8 alternating 3-s rounds each, median server CPU per request: one-byte string 65 µs,
 * its bytes 73; with one dash in a title, string 115 µs, bytes 83.
 */
type Body = string | Buffer;
const WIDE_CHARACTER = /[\u0100-\uffff]/;
const encoded = (json: string): Body => (WIDE_CHARACTER.test(json) ? Buffer.from(json, 'utf8') : json);

export default fp(
  async function responseCache(fastify: FastifyInstance) {
    // Every write takes the next number of one sequence: a kept answer is stale once a write that concerns it has a later one.
    let sequence = 0;
    const topicStamps: Record<CacheTopic, number> = { catalogue: 0, users: 0, members: 0 };
    const memberStamps = new Map<string, number>();
    const entries = new Map<string, Entry>();
    const own = new Map<string, OwnEntry>();
    let ownBytes = 0;
    const processId = `${process.pid}-${Math.random().toString(36).slice(2)}`;

    const bumpTopic = (topic: CacheTopic) => {
      topicStamps[topic] = ++sequence;
    };
    const bumpMember = (member: string) => {
      if (memberStamps.size >= MAX_MEMBER_STAMPS) {
        memberStamps.clear();
        bumpTopic('members');
      }
      memberStamps.set(member, ++sequence);
    };
    const publish = await redisBus(fastify, processId, (topic) => {
      if (topic.startsWith(MEMBER_PREFIX)) bumpMember(topic.slice(MEMBER_PREFIX.length));
      else if (topic in topicStamps) bumpTopic(topic as CacheTopic);
    });

    /** No write concerning these topics or this member since `stamp`. A loop, not `every`: no function made per call (every read asks). */
    const unchanged = (stamp: number, topics: readonly CacheTopic[], member: string | null) => {
      for (let i = 0; i < topics.length; i++) if (topicStamps[topics[i]!] > stamp) return false;
      return member === null || (topicStamps.members <= stamp && (memberStamps.get(member) ?? 0) <= stamp);
    };
    /** A kept entry may be given at `now`: within its window by the club's clock, and `unchanged` since it was read. */
    const fresh = (entry: { stamp: number; at: number; until: number }, topics: readonly CacheTopic[], member: string | null, now: number) =>
      now >= entry.at && now < entry.until && unchanged(entry.stamp, topics, member);

    const ownKey = (key: string, member: string) => `${member} ${key}`;
    /**
     * The body kept for this member and URL, if fresh. A hit leaves the entry where it is: bodies
     * leave in the order they were kept, not read. Each lives at most RESPONSE_CACHE_TTL_MS (1 s),
     * so a body read often is also kept again every second, and moving it on every read (a delete
     * and a set of the Map per request) bought nothing.
     */
    const ownBody = (key: string, now: number): Body | undefined => {
      const entry = own.get(key);
      if (!entry) return undefined;
      if (fresh(entry, entry.topics, entry.member, now)) return entry.body;
      own.delete(key);
      ownBytes -= entry.bytes;
      return undefined;
    };
    /**
     * A member's read being built, by the same key as their kept body: the calls of that member for
     * that URL that miss meanwhile wait for its body instead of building it again (when a kept
     * body's second runs out, every open tab or parallel call of the member would otherwise build
     * the same answer at once). Only while no write that concerns the answer came after it started:
     * a read that follows a write never gets an answer built before it.
     */
    const flights = new Map<string, Flight>();
    const keepOwn = (key: string, entry: Omit<OwnEntry, 'bytes'>) => {
      flights.get(key)?.settle(entry.body);
      const previous = own.get(key);
      if (previous) {
        own.delete(key);
        ownBytes -= previous.bytes;
      }
      const kept = { ...entry, bytes: entry.body.length + key.length * 2 };
      own.set(key, kept);
      ownBytes += kept.bytes;
      for (const [oldest, { bytes }] of own) {
        if (ownBytes <= OWN_BODIES_MAX_BYTES) break;
        own.delete(oldest);
        ownBytes -= bytes;
      }
    };

    function keptDocuments<T extends Document>({ topics, memberOf, max }: KeptDocumentsOptions<T>): KeptDocuments<T> {
      const kept = new Map<string, { doc: T; member: string; stamp: number; at: number; until: number }>();
      // As kept bodies: a hit leaves the entry in place (each lives at most a second), a stale one leaves.
      const peek = (key: string, now: number): T | undefined => {
        const entry = kept.get(key);
        if (entry === undefined) return undefined;
        if (fresh(entry, topics, entry.member, now)) return entry.doc;
        kept.delete(key);
        return undefined;
      };
      return {
        peek: (key) => peek(key, fastify.clock.nowMs()),
        get(key, read) {
          const now = fastify.clock.nowMs();
          const hit = peek(key, now);
          if (hit !== undefined) return Promise.resolve(hit);
          const started = sequence;
          return read().then((doc) => {
            if (doc === null) return null;
            const member = memberOf(doc);
            if (!unchanged(started, topics, member)) return doc;
            kept.delete(key);
            kept.set(key, { doc: deepFreeze(doc), member, stamp: started, at: now, until: now + RESPONSE_CACHE_TTL_MS });
            if (kept.size > max) kept.delete(kept.keys().next().value!);
            return doc;
          });
        },
      };
    }

    const cache: ResponseCache = {
      keptDocuments,
      bump(topic) {
        bumpTopic(topic);
        publish(topic);
      },

      bumpMember(member) {
        bumpMember(member);
        publish(`${MEMBER_PREFIX}${member}`);
      },

      sendKept(request, reply, member) {
        if (member === null) return undefined;
        const body = ownBody(ownKey(urlKey(request), member), fastify.clock.nowMs());
        return body === undefined ? undefined : sent(reply, body);
      },

      read(request, reply, options) {
        const key = urlKey(request);
        const member = options.member ?? null;
        const memberKey = member === null ? null : ownKey(key, member);
        // A body kept for this member: sent at once, without a promise (the handler returns the reply).
        if (memberKey === null) return readShared(reply, options, key, member, memberKey);
        const body = ownBody(memberKey, fastify.clock.nowMs());
        if (body !== undefined) return sent(reply, body);
        return once(reply, memberKey, [options.topic], member!, () => readShared(reply, options, key, member, memberKey));
      },

      readOwn(request, reply, options) {
        const { member } = options;
        if (member === null) return options.build(request);
        const key = ownKey(urlKey(request), member);
        // The member's kept body: sent at once, without a promise (the handler returns the reply).
        const kept = ownBody(key, fastify.clock.nowMs());
        if (kept !== undefined) return sent(reply, kept);
        return once(reply, key, options.topics, member, () => buildOwn(request, reply, options, member, key));
      },
    };

    /** `build` for this member and key, unless one under way may answer: then its body, once kept (else `build` after all). */
    function once<P>(reply: FastifyReply, key: string, topics: readonly CacheTopic[], member: string, build: () => Promise<P | undefined>): Promise<P | undefined> {
      const flight = flights.get(key);
      if (flight !== undefined && unchanged(flight.started, topics, member)) {
        return flight.body.then((body) => (body === undefined ? build() : sent(reply, body)));
      }
      let settle!: (body: Body | undefined) => void;
      const body = new Promise<Body | undefined>((resolve) => (settle = resolve));
      const mine: Flight = { started: sequence, body, settle };
      flights.set(key, mine);
      const land = () => {
        if (flights.get(key) === mine) flights.delete(key);
        // Not kept (a write came, or nothing to keep): the calls that waited build their own.
        settle(undefined);
      };
      const result = build();
      result.then(land, land);
      return result;
    }

    /** `read` past the member's own body: the shared body of the caller's variant, else the route's answer (kept). */
    async function readShared<P, S>(reply: FastifyReply, options: CachedReadOptions<P, S>, key: string, member: string | null, memberKey: string | null): Promise<P | undefined> {
      const clockNow = fastify.clock.now();
      const now = clockNow.getTime();
      const started = sequence;
      const topics = [options.topic];
      const keepForMember = (body: Body, until: number) => {
        if (memberKey !== null && unchanged(started, topics, member)) keepOwn(memberKey, { member: member!, topics, stamp: started, at: now, until, body });
      };
      const entry = entries.get(key);
      const usable = entry !== undefined && fresh(entry, topics, null, now);
      if (usable) {
        const variant = await options.variantOf(entry.scope as never);
        const body = variant === null ? undefined : entry.bodies.get(variant);
        if (body !== undefined) {
          keepForMember(body, entry.until);
          return sent(reply, body);
        }
      }
      const [payload, changesAt] = await Promise.all([options.build(), usable ? undefined : options.changesAt(clockNow)]);
      const until = usable ? entry.until : Math.min(now + RESPONSE_CACHE_TTL_MS, changesAt?.getTime() ?? Infinity);
      const scope = options.scopeOf(payload);
      if (scope === null) {
        const keepMs = memberKey === null ? null : (options.ownKeepMs?.(payload, clockNow) ?? null);
        // A write while the answer was being built: it may hold the older data, keep nothing.
        if (keepMs === null || keepMs <= 0 || !unchanged(started, topics, member)) return payload;
        const body = encoded(reply.serialize(payload) as string);
        keepForMember(body, Math.min(until, now + keepMs));
        return sent(reply, body);
      }
      const variant = await options.variantOf(scope);
      if (variant === null || !unchanged(started, topics, null)) return payload;
      const body = encoded(reply.serialize(payload) as string);
      let kept = usable ? entry : undefined;
      if (!kept) {
        entries.delete(key);
        kept = { stamp: started, at: now, until, scope, bodies: new Map() };
        entries.set(key, kept);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      if (kept.bodies.size >= MAX_VARIANTS) kept.bodies.clear();
      kept.bodies.set(variant, body);
      keepForMember(body, until);
      return sent(reply, body);
    }

    /** `readOwn` without a kept body: the route's answer, kept for the member unless a write came while it was built. */
    async function buildOwn<P>(request: FastifyRequest, reply: FastifyReply, options: OwnReadOptions<P>, member: string, key: string): Promise<P | undefined> {
      const { topics } = options;
      const clockNow = fastify.clock.now();
      const now = clockNow.getTime();
      const started = sequence;
      const [payload, changesAt] = await Promise.all([options.build(request), options.changesAt?.(clockNow) ?? null]);
      if (!unchanged(started, topics, member)) return payload;
      const body = encoded(reply.serialize(payload) as string);
      keepOwn(key, { member, topics, stamp: started, at: now, until: Math.min(now + RESPONSE_CACHE_TTL_MS, changesAt?.getTime() ?? Infinity), body });
      return sent(reply, body);
    }
    fastify.decorate('responseCache', cache);
  },
  { name: 'response-cache', dependencies: ['clock'] },
);

/**
 * With REDIS_URL, a write on one API process makes every other process's cached answers stale
 * (Redis pub/sub on the rate limit's server); answers the publisher. Without it, a no-op.
 */
async function redisBus(fastify: FastifyInstance, processId: string, onBump: (topic: string) => void): Promise<(topic: string) => void> {
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

/** What a write was given and what it answered: who it concerned is read from them. */
type Written = { filter?: Document; docs?: readonly Document[]; result?: unknown };

/** The collection, with `onWrite` called after each of its writes settles (resolved or not). */
function afterEachWrite<T extends Document>(collection: StoreCollection<T>, onWrite: (written: Written) => void): StoreCollection<T> {
  const after = <R>(write: Promise<R>, written: (result: R | undefined) => Written): Promise<R> =>
    write.then(
      (result) => {
        onWrite(written(result));
        return result;
      },
      (error: unknown) => {
        onWrite(written(undefined));
        throw error;
      },
    );
  const byFilter = (filter: Document | undefined) => () => ({ filter: filter ?? {} });
  return {
    collectionName: collection.collectionName,
    namespace: collection.namespace,
    insertOne: (doc) => after(collection.insertOne(doc), () => ({ docs: [doc as Document] })),
    insertMany: (docs) => after(collection.insertMany(docs), () => ({ docs: docs as readonly Document[] })),
    findOne: (filter, options) => collection.findOne(filter, options),
    find: (filter, options) => collection.find(filter, options),
    countDocuments: (filter, options) => collection.countDocuments(filter, options),
    aggregate: (pipeline) => collection.aggregate(pipeline),
    updateOne: (filter, update, options) => after(collection.updateOne(filter, update, options), byFilter(filter)),
    updateMany: (filter, update, options) => after(collection.updateMany(filter, update, options), byFilter(filter)),
    findOneAndUpdate: (filter, update, options) => after(collection.findOneAndUpdate(filter, update, options), (result) => ({ filter, result })),
    findOneAndDelete: (filter, options) => after(collection.findOneAndDelete(filter, options), (result) => ({ filter, result })),
    deleteOne: (filter) => after(collection.deleteOne(filter), byFilter(filter)),
    deleteMany: (filter) => after(collection.deleteMany(filter), byFilter(filter)),
    createIndex: (key, options) => collection.createIndex(key, options),
    indexes: () => collection.indexes(),
    drop: () => after(collection.drop(), () => ({})),
  };
}

const wrapped = new WeakMap<object, object>();
const wrappedPerMember = new WeakMap<object, object>();

/**
 * The collection, with `bump` called after each of its writes settles (after, not before: a read
 * that started before the write and ends after it is then not kept). Repositories of data that
 * cached reads show wrap their collections with it, so no write path can forget the cache.
 */
export function bumpingOnWrite<T extends Document>(collection: StoreCollection<T>, cache: ResponseCache, topic: CacheTopic): StoreCollection<T> {
  const known = wrapped.get(collection);
  if (known) return known as StoreCollection<T>;
  const wrapper = afterEachWrite(collection, () => cache.bump(topic));
  wrapped.set(collection, wrapper);
  return wrapper;
}

/** Freezes plain objects and arrays, deep (ObjectIds, Dates and buffers are left as they are). */
function deepFreeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
    Object.freeze(value);
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const hexOf = (value: unknown): string | null => (value instanceof ObjectId ? value.toHexString() : null);

/**
 * The collection of one member's own state (their progress, their profile), with `bumpMember`
 * called after each write for the member the write names by `field` (`userId`, or `_id` for
 * profiles): in the inserted documents, the filter's equality, or the document a findOneAnd… found.
 * A write that names no single member (a filter by another field, an `$in`) bumps `members`: every
 * member's kept bodies, never fewer than it touched.
 */
export function bumpingMemberOnWrite<T extends Document>(collection: StoreCollection<T>, cache: ResponseCache, field: '_id' | 'userId'): StoreCollection<T> {
  const known = wrappedPerMember.get(collection);
  if (known) return known as StoreCollection<T>;
  const wrapper = afterEachWrite(collection, ({ filter, docs, result }) => {
    const named = new Set<string | null>();
    if (docs) for (const doc of docs) named.add(hexOf(doc[field]));
    else if (result !== undefined && result !== null) named.add(hexOf((result as Document)[field]));
    else if (filter) named.add(hexOf(filter[field]));
    else named.add(null);
    if (named.has(null) || named.size === 0) cache.bump('members');
    else for (const member of named) cache.bumpMember(member!);
  });
  wrappedPerMember.set(collection, wrapper);
  return wrapper;
}
