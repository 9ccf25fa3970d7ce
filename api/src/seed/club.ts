import type { FastifyInstance } from 'fastify';
import { parseTranscript } from '../modules/catalogue/rules/transcript-format';
import { DEMO_VIDEO_EXTRAS } from './demo-club';

/**
 * After the catalogue: the demo videos' chapters and transcripts (only where missing, so an
 * admin's edits stay), and the folded search text of any item written without it.
 */
export async function seedClub(app: FastifyInstance): Promise<Record<string, number>> {
  let chaptersAdded = 0;
  let transcriptsCreated = 0;
  for (const extras of DEMO_VIDEO_EXTRAS) {
    const video = await app.videosRepository.findByIdOrSlug(extras.slug, false);
    if (!video) continue;
    if (video.chapters === undefined) {
      await app.videosRepository.update(video._id, { chapters: extras.chapters });
      chaptersAdded += 1;
    }
    if (!(await app.transcriptsRepository.findByVideo(video._id))) {
      const { format, cues } = parseTranscript(extras.transcript);
      const transcript = await app.transcriptsRepository.replace(video._id, format, cues);
      await app.videosRepository.update(video._id, { transcript: { cueCount: cues.length, updatedAt: transcript.updatedAt } });
      transcriptsCreated += 1;
    }
  }
  const searchTextAdded = (await app.contentsRepository.backfillSearchText()) + (await app.videosRepository.backfillSearchText());
  return { chaptersAdded, transcriptsCreated, searchTextAdded };
}
