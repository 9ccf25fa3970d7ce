import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { CatalogueItemDocument, ItemType } from './documents';
import type { AppError } from '../../http/app-error';
import { withDefaults } from '../../http/query';
import { IdOrSlugParams, ItemListQuery } from './schemas';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { assertCategoryExists } from './use-cases/check-references';
import type { ItemStore } from './catalogue-items-repository';
import { resolveCreditCost, resolvePublication } from './rules/publication';
import { found, routeOptions } from '../../http/route-options';
import { cachedCatalogueRead } from './use-cases/cached-read';
import { ownCacheMember } from '../../plugins/response-cache';

/** The fields every catalogue item's create / update body has (the rest belongs to the kind). */
interface CommonInput {
  title: string;
  slug?: string | undefined;
  categoryId: string;
  access: CatalogueItemDocument['access'];
  creditCost?: number | undefined;
  status?: CatalogueItemDocument['status'] | undefined;
  publishedAt?: string | null | undefined;
}

type CommonKeys = keyof CommonInput;

/**
 * What makes contents differ from videos; everything else (list, read, create, update, delete,
 * gating, publication, credit cost, category checks) is the same code for both.
 */
export interface CatalogueItemKind<
  TDoc extends CatalogueItemDocument,
  TView extends TSchema,
  TCreate extends TObject,
  TUpdate extends TObject,
> {
  tag: string;
  itemType: ItemType;
  repository(fastify: FastifyInstance): ItemStore<TDoc>;
  notFound(): AppError;
  schemas: { item: TView; create: TCreate; update: TUpdate };
  /** Gated views: `detail` adds what only entitled callers get (body, attachments, source…). */
  views(fastify: FastifyInstance, request: FastifyRequest, items: TDoc[], detail?: boolean): Promise<Static<TView>[]>;
  summaries: { list: string; read: string; create: string; update: string; delete: string };
  /** The kind's own fields of a new item, checked (files exist…). */
  createFields(fastify: FastifyInstance, input: Omit<Static<TCreate>, CommonKeys>): Promise<Partial<TDoc>>;
  /** What goes with a deleted item (e.g. a video's transcript). */
  afterDelete?(fastify: FastifyInstance, item: TDoc): Promise<void>;
  afterUpdate?(fastify: FastifyInstance, before: TDoc, after: TDoc): Promise<void>;
  /** The kind's own fields of a change, checked against the current document. */
  changedFields(fastify: FastifyInstance, input: Omit<Partial<Static<TUpdate>>, CommonKeys>, current: TDoc): Promise<Partial<TDoc>>;
}

/**
 * The routes of one kind of catalogue item: anyone lists the cards; the gated parts only reach
 * those the gate lets through (FREE: signed-in members, SUBSCRIBERS: ACTIVE subscription,
 * CREDITS: unlocked). Members and visitors see published items only; admins see and manage all.
 */
export function catalogueItemRoutes<
  TDoc extends CatalogueItemDocument,
  TView extends TSchema,
  TCreate extends TObject,
  TUpdate extends TObject,
>(kind: CatalogueItemKind<TDoc, TView, TCreate, TUpdate>): FastifyPluginAsyncTypebox {
  const route = routeOptions([kind.tag]);
  return async (fastify) => {
    const repository = kind.repository(fastify);
    const now = () => fastify.clock.now();
    const firstView = async (request: FastifyRequest, item: TDoc) => (await kind.views(fastify, request, [item], true))[0];
    // Widened on purpose: with the kind's schemas still generic here, the type provider cannot
    // resolve their static types (the kinds' own types are checked in content-routes.ts and video-routes.ts).
    const itemSchema: TSchema = kind.schemas.item;
    const createSchema: TObject = kind.schemas.create;
    const shown = (view: unknown) => ({ ...(view as { _id: string; access: string }), type: kind.itemType });
    const updateSchema: TObject = kind.schemas.update;

    fastify.get(
      '/',
      route('optional', kind.summaries.list, {
        querystring: ItemListQuery,
        response: { 200: paginated(itemSchema), ...errorResponses(401) },
      }),
      (request, reply) => {
        const { sort, ...filters } = withDefaults(request.query, 'sort');
        const publishedOnly = request.user?.role !== 'ADMIN';
        return cachedCatalogueRead(
          fastify,
          request,
          reply,
          () => listPage(request.query, (page, limit) => repository.list({ ...filters, page, limit, sort, publishedOnly }), (rows) => kind.views(fastify, request, rows)),
          (answer) => answer.data.map((view) => shown(view)),
        );
      },
    );

    fastify.get(
      '/:idOrSlug',
      route('optional', kind.summaries.read, {
        params: IdOrSlugParams,
        response: { 200: itemSchema, ...errorResponses(401, 404) },
      }),
      (request, reply) => {
        // The member's kept body first: a hit makes none of the functions below (cached-read.ts).
        const kept = fastify.responseCache.sendKept(request, reply, ownCacheMember(request));
        if (kept) return kept;
        const read = async () => {
          const item = found(await repository.findByIdOrSlug(request.params.idOrSlug, request.user?.role !== 'ADMIN'), () => kind.notFound());
          return firstView(request, item);
        };
        // An open gate's answer holds signed links (source, captions, attachments) that expire: never kept.
        const signed = (view: Record<string, unknown>) =>
          'source' in view || 'captionsUrl' in view || (Array.isArray(view.attachments) && view.attachments.length > 0);
        return cachedCatalogueRead(fastify, request, reply, read, (view) => (signed(view as Record<string, unknown>) ? null : [shown(view)]));
      },
    );

    fastify.post(
      '/',
      route('admin', kind.summaries.create, {
        body: createSchema,
        response: { 201: itemSchema, ...errorResponses(401, 403, 409) },
      }),
      async (request, reply) => {
        const { title, slug, categoryId, access, creditCost, status, publishedAt, ...own } = request.body as Static<TCreate> & CommonInput;
        const checkedCategoryId = await assertCategoryExists(fastify, categoryId);
        const item = await repository.insert({
          ...(await kind.createFields(fastify, own as Omit<Static<TCreate>, CommonKeys>)),
          title: title.trim(),
          slug,
          categoryId: checkedCategoryId,
          access,
          creditCost: resolveCreditCost(access, creditCost, undefined),
          ...resolvePublication(null, { status, publishedAt }, now()),
        } as Parameters<ItemStore<TDoc>['insert']>[0]);
        return reply.code(201).send(await firstView(request, item));
      },
    );

    fastify.patch(
      '/:id',
      route('admin', kind.summaries.update, {
        params: IdParams,
        body: updateSchema,
        response: { 200: itemSchema, ...errorResponses(401, 403, 404, 409) },
      }),
      async (request) => {
        const current = found(await repository.findById(request.params.id), () => kind.notFound());
        const { title, slug, categoryId, access, creditCost, status, publishedAt, ...own } = request.body as Partial<CommonInput>;
        const changes: Partial<CatalogueItemDocument> = {
          ...(await kind.changedFields(fastify, own as Omit<Partial<Static<TUpdate>>, CommonKeys>, current)),
        };
        if (title !== undefined) changes.title = title.trim();
        if (slug !== undefined) changes.slug = slug;
        if (categoryId !== undefined) changes.categoryId = await assertCategoryExists(fastify, categoryId);
        if (access !== undefined || creditCost !== undefined) {
          changes.access = access ?? current.access;
          changes.creditCost = resolveCreditCost(
            changes.access,
            creditCost,
            access === undefined || access === current.access ? current.creditCost : undefined,
          );
        }
        if (status !== undefined || publishedAt !== undefined) Object.assign(changes, resolvePublication(current, { status, publishedAt }, now()));
        const item = found(await repository.update(current._id, changes as Partial<TDoc>), () => kind.notFound());
        await kind.afterUpdate?.(fastify, current, item);
        return firstView(request, item);
      },
    );

    fastify.delete(
      '/:id',
      route('admin', kind.summaries.delete, {
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      }),
      async (request, reply) => {
        const deleted = found(await repository.delete(request.params.id), () => kind.notFound());
        await kind.afterDelete?.(fastify, deleted);
        return reply.code(204).send(null);
      },
    );
  };
}
