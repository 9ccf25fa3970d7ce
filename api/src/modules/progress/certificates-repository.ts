import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { newCertificateCode } from './rules/certificate-code';
import type { CertificateDocument, CertificateDocumentRevision, CertificateLaboratory } from './documents';
import { PROGRESS_COLLECTIONS } from './collections';
import type { UserDocument } from '../users/documents';
import { AppError, isDuplicateKeyError } from '../../http/app-error';

/** What a certificate needs to know about the video finished. */
export interface FinishedVideo {
  _id: ObjectId;
  title: string;
  durationSeconds: number;
}

export interface CertificatesRepository {
  /**
   * The member's certificate for a video finished at `completedAt`: issued now (version 1) if none
   * exists, else the current one unchanged. Two racing calls issue one certificate.
   */
  issueForCompletion(
    user: UserDocument,
    video: FinishedVideo,
    completedAt: Date,
    /** The laboratory to name, asked only when a certificate is issued (see certificates-service.ts). */
    laboratory: () => Promise<CertificateLaboratory | null>,
    /** The document revision in force, stamped on a new certificate. */
    document?: CertificateDocumentRevision | null,
  ): Promise<CertificateDocument>;
  /**
   * A new version of `previous` for a later completion (a newer document revision, or a
   * re-evaluation): new code, the holder's current name, the new date and revision; `previous`
   * points at it. Answers the version now current (another call's, if it won the race).
   */
  reissueForCompletion(previous: CertificateDocument, holderName: string, completedAt: Date, document: CertificateDocumentRevision | null): Promise<CertificateDocument>;
  /** The newest version of the member's certificate for that video, if any. */
  latestFor(userId: ObjectId, videoId: ObjectId): Promise<CertificateDocument | null>;
  /**
   * After a name correction: each current certificate whose holder name differs gets a new version
   * (new code, `previousCode` → old) and the old one `supersededBy` → the new code. Answers the new versions.
   */
  reissueForHolderName(userId: ObjectId, name: string): Promise<CertificateDocument[]>;
  /** By its (normalized) code, any version. */
  findByCode(code: string): Promise<CertificateDocument | null>;
  /** Every version of the member's certificate for that video, oldest first. */
  history(userId: ObjectId, videoId: ObjectId): Promise<CertificateDocument[]>;
  /** The member's current certificates (not superseded), most recently completed first. */
  currentForUser(userId: ObjectId): Promise<CertificateDocument[]>;
  /** Every version of every certificate of the member (LGPD export), by video and version. */
  allForUser(userId: ObjectId): Promise<CertificateDocument[]>;
  /** Erases every version of the member's certificates (LGPD deletion); answers how many went. */
  deleteAllForUser(userId: ObjectId): Promise<number>;
  /** The current certificates (not superseded) of these people (a laboratory's training record). */
  currentFor(userIds: ObjectId[]): Promise<Pick<CertificateDocument, '_id' | 'code' | 'version' | 'userId' | 'videoId' | 'issuedAt' | 'supersededBy'>[]>;
}

/** A repeated random code (50 bits) or a racing version: retried on fresh state. */
const MAX_ATTEMPTS = 5;

const busy = () => new AppError(503, 'CERTIFICATE_BUSY', 'Não foi possível emitir o certificado agora. Tente novamente em instantes.');

export default fp(
  async function certificatesRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<CertificateDocument>(PROGRESS_COLLECTIONS.certificates);
    const now = () => fastify.clock.now();

    const latest = async (userId: ObjectId, videoId: ObjectId) =>
      (await collection().find({ userId, videoId }).sort({ version: -1 }).limit(1).toArray())[0] ?? null;

    /** Inserts `build(code)`; a repeated code gets another; a repeated version answers null. */
    async function insertVersion(build: (code: string) => CertificateDocument): Promise<CertificateDocument | null> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const doc = build(newCertificateCode());
        try {
          await collection().insertOne(doc);
          return doc;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          const taken = await collection().findOne({ userId: doc.userId, videoId: doc.videoId, version: doc.version });
          if (taken) return null;
        }
      }
      throw busy();
    }

    const repository: CertificatesRepository = {
      async issueForCompletion(user, video, completedAt, laboratoryOf, document = null) {
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
          const existing = await latest(user._id, video._id);
          if (existing) return existing;
          const laboratory = await laboratoryOf();
          const issued = await insertVersion((code) => ({
            _id: new ObjectId(),
            code,
            version: 1,
            userId: user._id,
            videoId: video._id,
            holderName: user.name,
            videoTitle: video.title,
            durationSeconds: video.durationSeconds,
            completedAt,
            issuedAt: now(),
            laboratory,
            previousCode: null,
            supersededBy: null,
            document,
          }));
          if (issued) return issued;
        }
        throw busy();
      },

      async reissueForCompletion(previous, holderName, completedAt, document) {
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
          const base = await latest(previous.userId, previous.videoId);
          if (!base) throw busy();
          if (base._id.toHexString() !== previous._id.toHexString()) return base; // another completion issued it first
          const next = await insertVersion((code) => ({
            ...base,
            _id: new ObjectId(),
            code,
            version: base.version + 1,
            holderName,
            completedAt,
            issuedAt: now(),
            previousCode: base.code,
            supersededBy: null,
            document,
          }));
          if (!next) continue;
          await collection().updateOne({ _id: base._id, supersededBy: null }, { $set: { supersededBy: next.code } });
          return next;
        }
        throw busy();
      },

      latestFor: (userId, videoId) => latest(userId, videoId),

      async reissueForHolderName(userId, name) {
        const issued: CertificateDocument[] = [];
        const current = await collection().find({ userId, supersededBy: null }).toArray();
        for (const { videoId } of current) {
          for (let attempt = 0; ; attempt += 1) {
            if (attempt === MAX_ATTEMPTS) throw busy();
            const previous = await latest(userId, videoId);
            if (!previous || previous.holderName === name) break;
            const next = await insertVersion((code) => ({
              ...previous,
              _id: new ObjectId(),
              code,
              version: previous.version + 1,
              holderName: name,
              issuedAt: now(),
              previousCode: previous.code,
              supersededBy: null,
            }));
            if (!next) continue; // another correction issued this version first: start from it
            await collection().updateOne({ _id: previous._id, supersededBy: null }, { $set: { supersededBy: next.code } });
            issued.push(next);
            break;
          }
        }
        return issued;
      },

      allForUser: (userId) => collection().find({ userId }).sort({ completedAt: 1, videoId: 1, version: 1 }).toArray(),

      deleteAllForUser: async (userId) => (await collection().deleteMany({ userId })).deletedCount,

      findByCode: (code) => collection().findOne({ code }),

      async currentFor(userIds) {
        if (!userIds.length) return [];
        return collection()
          .find({ userId: { $in: userIds }, supersededBy: null }, { projection: { _id: 1, code: 1, version: 1, userId: 1, videoId: 1, issuedAt: 1, supersededBy: 1 } })
          .toArray();
      },

      history: (userId, videoId) => collection().find({ userId, videoId }).sort({ version: 1 }).toArray(),

      async currentForUser(userId) {
        const rows = await collection().find({ userId, supersededBy: null }).sort({ completedAt: -1, _id: -1 }).toArray();
        // While a correction is being written, the new version exists before the old one is marked.
        const newest = new Map<string, CertificateDocument>();
        for (const row of rows) {
          const key = row.videoId.toHexString();
          if ((newest.get(key)?.version ?? 0) < row.version) newest.set(key, row);
        }
        return rows.filter((row) => newest.get(row.videoId.toHexString()) === row);
      },
    };
    fastify.decorate('certificatesRepository', repository);
  },
  { name: 'certificates-repository', dependencies: ['store', 'clock'] },
);
