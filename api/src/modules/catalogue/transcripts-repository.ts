import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { TranscriptDocument } from './documents';
import { CATALOGUE_COLLECTIONS } from './collections';
import { foldText } from './rules/search-text';
import { literalPattern } from '../../store/text-pattern';
import type { TranscriptCue, TranscriptFormat } from './rules/transcript-format';
import { bumpingOnWrite } from '../../plugins/response-cache';

export interface TranscriptsRepository {
  /** Creates or replaces the video's transcript. */
  replace(videoId: ObjectId, format: TranscriptFormat, cues: TranscriptCue[]): Promise<TranscriptDocument>;
  findByVideo(videoId: ObjectId): Promise<TranscriptDocument | null>;
  /** true when there was one. */
  deleteByVideo(videoId: ObjectId): Promise<boolean>;
  findByVideos(videoIds: ObjectId[]): Promise<TranscriptDocument[]>;
  /** Transcripts saying at least one of the folded terms: the video and the folded text (not the cues). */
  searchCandidates(terms: string[]): Promise<Pick<TranscriptDocument, 'videoId' | 'searchText'>[]>;
}

export default fp(
  async function transcriptsRepository(fastify: FastifyInstance) {
    const collection = () => bumpingOnWrite(fastify.store.collection<TranscriptDocument>(CATALOGUE_COLLECTIONS.transcripts), fastify.responseCache, 'catalogue');

    const repository: TranscriptsRepository = {
      async replace(videoId, format, cues) {
        const at = fastify.clock.now();
        const folded = cues.map((cue) => ({ ...cue, folded: foldText(cue.text) }));
        const fields = { format, cues: folded, searchText: folded.map((cue) => cue.folded).join('\n'), updatedAt: at };
        const saved = await collection().findOneAndUpdate(
          { videoId },
          { $set: fields, $setOnInsert: { _id: new ObjectId(), videoId, createdAt: at } },
          { upsert: true, returnDocument: 'after' },
        );
        return saved!;
      },

      findByVideo: (videoId) => collection().findOne({ videoId }),

      findByVideos: (videoIds) => (videoIds.length ? collection().find({ videoId: { $in: videoIds } }).toArray() : Promise.resolve([])),

      deleteByVideo: async (videoId) => (await collection().deleteOne({ videoId })).deletedCount > 0,

      async searchCandidates(terms) {
        if (terms.length === 0) return [];
        return collection()
          .find({ $or: terms.map((term) => ({ searchText: literalPattern(term) })) }, { projection: { _id: 0, videoId: 1, searchText: 1 } })
          .toArray();
      },
    };
    fastify.decorate('transcriptsRepository', repository);
  },
  { name: 'transcripts-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
