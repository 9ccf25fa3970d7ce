import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { AppError, conflict, isDuplicateKeyError, notFound } from '../../http/app-error';
import { lockOf } from '../entitlements/rules/gate';
import type { ContentDocument, VideoDocument } from '../catalogue/documents';
import type { UserDocument } from '../users/documents';
import type { DocumentRevisionDocument, ItemRef } from './documents';
import { checkNewRevision, itemKey, revisionLabel, type NewRevision } from './rules/revision';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the competence pages show of a catalogue item. */
export interface ItemSummary {
  ref: ItemRef;
  title: string;
  /** Videos: the catalogue's duration; contents: null (no watched time). */
  durationSeconds: number | null;
  /** False when the item was deleted from the catalogue (requirements and records keep naming it). */
  exists: boolean;
}

/** The revision in force of an item and its first one (which superseded nothing). */
export interface DocumentStanding {
  current: DocumentRevisionDocument | null;
  first: DocumentRevisionDocument | null;
}

export interface PublishRevision extends NewRevision {
  changeSummary: string;
  /** Days everyone whose function requires the item has to do the new revision. */
  dueInDays: number;
}

/** What publishing a new revision of an item would do now. */
export interface RevisionImpact {
  /** People holding an active function that requires the item: it becomes due again for them. */
  people: number;
  /** Completions of the item in force: they become superseded ("substituída"). */
  completionsInForce: number;
}

export interface Revisions {
  /** The video or content itself; null when there is none. */
  item(ref: ItemRef): Promise<VideoDocument | ContentDocument | null>;
  /**
   * The item as the caller may use it: published (admins: any), and open to them by the gate
   * (FREE / subscribers / unlocked); 404 or 403 with the lock's code otherwise.
   */
  openItem(request: FastifyRequest, ref: ItemRef): Promise<VideoDocument | ContentDocument>;
  /** Title and duration of each item, by `itemKey`; a deleted item is named as such. */
  summaries(refs: ItemRef[]): Promise<Map<string, ItemSummary>>;
  /** The revision in force and the first one of each item, by `itemKey`. */
  standings(refs: ItemRef[]): Promise<Map<string, DocumentStanding>>;
  history(ref: ItemRef): Promise<DocumentRevisionDocument[]>;
  /** Who a new revision would make due again and what it would supersede (the admin's confirmation); 404 without the item. */
  impact(ref: ItemRef): Promise<RevisionImpact>;
  /**
   * Publishes a revision: the first puts the item under document control; a later one marks every
   * completion of the item as superseded and makes it due again for everyone whose function requires it.
   */
  publish(admin: UserDocument, ref: ItemRef, input: PublishRevision): Promise<DocumentRevisionDocument>;
}

export const itemNotFound = () => notFound('Item não encontrado no catálogo.', 'ITEM_NOT_FOUND');

/** Document control of catalogue items (ISO/IEC 17025 §8.3): revisions, the one in force, publishing. */
export default fp(
  async function revisionsService(fastify: FastifyInstance) {
    const repository = fastify.revisionsRepository;

    const service: Revisions = {
      item: ({ itemType, itemId }) => (itemType === 'VIDEO' ? fastify.videosRepository.findById(itemId) : fastify.contentsRepository.findById(itemId)),

      async openItem(request, ref) {
        const item = await service.item(ref);
        const isAdmin = request.user?.role === 'ADMIN';
        const visible = item && (isAdmin || (item.status === 'PUBLISHED' && item.publishedAt && item.publishedAt <= fastify.clock.now()));
        if (!item || !visible) throw itemNotFound();
        const lock = lockOf(await fastify.entitlements.viewer(request, ref.itemType, [item._id]), item);
        if (lock) throw new AppError(403, lock.reason, lock.message);
        return item;
      },

      async summaries(refs) {
        const ids = (type: ItemRef['itemType']) => [...new Map(refs.filter((ref) => ref.itemType === type).map((ref) => [ref.itemId.toHexString(), ref.itemId])).values()];
        const [videos, contents] = await Promise.all([
          fastify.videosRepository.findByIds(ids('VIDEO'), false),
          fastify.contentsRepository.findByIds(ids('CONTENT'), false),
        ]);
        const found = new Map<string, { title: string; durationSeconds: number | null }>();
        for (const video of videos) found.set(`VIDEO:${video._id.toHexString()}`, { title: video.title, durationSeconds: video.durationSeconds });
        for (const content of contents) found.set(`CONTENT:${content._id.toHexString()}`, { title: content.title, durationSeconds: null });
        return new Map(
          refs.map((ref) => {
            const item = found.get(itemKey(ref));
            return [itemKey(ref), { ref, title: item?.title ?? 'Item removido do catálogo', durationSeconds: item?.durationSeconds ?? null, exists: Boolean(item) }];
          }),
        );
      },

      async standings(refs) {
        const revisions = await repository.forItems(refs);
        const standings = new Map<string, DocumentStanding>(refs.map((ref) => [itemKey(ref), { current: null, first: null }]));
        // Newest first: the first seen is in force, the last seen is the first registered.
        for (const revision of revisions) {
          const standing = standings.get(itemKey(revision));
          if (!standing) continue;
          standing.current ??= revision;
          standing.first = revision;
        }
        return standings;
      },

      history: (ref) => repository.history(ref),

      async impact(ref) {
        if (!(await service.item(ref))) throw itemNotFound();
        const [holders, completionsInForce] = await Promise.all([fastify.functionsRepository.holdersOfRequirement(ref), fastify.completionsRepository.countInForce(ref)]);
        return { people: holders.length, completionsInForce };
      },

      async publish(admin, ref, input) {
        const item = await service.item(ref);
        if (!item) throw itemNotFound();
        const documentCode = input.documentCode.trim().toUpperCase();
        const [current] = await repository.history(ref);
        checkNewRevision(current ?? null, { ...input, documentCode });
        const at = fastify.clock.now();
        const revision: DocumentRevisionDocument = {
          _id: new ObjectId(),
          itemType: ref.itemType,
          itemId: ref.itemId,
          itemTitle: item.title,
          documentCode,
          revision: input.revision,
          effectiveDate: input.effectiveDate,
          changeSummary: input.changeSummary.trim(),
          first: !current,
          retrainingDueAt: current ? new Date(at.getTime() + input.dueInDays * DAY_MS) : null,
          publishedAt: at,
          publishedBy: admin._id,
          publishedByName: admin.name,
        };
        try {
          await repository.insert(revision);
        } catch (error) {
          if (isDuplicateKeyError(error)) throw conflict(`A revisão ${input.revision} deste documento já foi publicada.`, 'REVISION_NOT_NEWER');
          throw error;
        }
        if (!revision.first) await fastify.completionsRepository.markSuperseded(ref, revision.revision, at);
        await fastify.auditRepository.append({
          at,
          accountId: null,
          actor: admin,
          action: revision.first ? 'DOCUMENT_CONTROLLED' : 'REVISION_PUBLISHED',
          target: { type: ref.itemType, id: ref.itemId },
          summary: revision.first
            ? `Colocou "${item.title}" sob controle de documento: ${revisionLabel(revision)}, vigente desde ${input.effectiveDate}.`
            : `Publicou ${revisionLabel(revision)} de "${item.title}": as conclusões da revisão anterior ficam substituídas; refazer até o prazo.`,
        });
        return revision;
      },
    };
    fastify.decorate('revisions', service);
  },
  { name: 'revisions', dependencies: ['clock', 'revisions-repository', 'catalogue-items-repository', 'completions-repository', 'functions-repository', 'audit-repository', 'entitlements'] },
);
