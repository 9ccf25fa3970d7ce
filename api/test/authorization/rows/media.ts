import type { MatrixContext, MatrixGroup } from '../matrix';

const ADMIN_ONLY = (status: number) => ({ anonymous: 401, member: 403, otherMember: 403, admin: status });
const VIDEO_KEY = 'videos/matriz-sem-original.mp4';

/** Issue 30: the conversion of uploaded videos. A conversion whose original is missing fails at once, so "Tentar novamente" has something to retry. */
async function prepare(ctx: MatrixContext): Promise<void> {
  await ctx.testApp.app.transcoding.enqueue(VIDEO_KEY);
  await ctx.testApp.app.jobs.runDue();
}

export const mediaGroup: MatrixGroup = {
  name: 'vídeo em HLS (issue 30)',
  prepare,
  rows: [
    { method: 'GET', route: '/v1/media/transcodes', query: () => ({ videoKey: VIDEO_KEY }), expect: ADMIN_ONLY(200) },
    { method: 'POST', route: '/v1/media/transcodes/retry', body: () => ({ videoKey: VIDEO_KEY }), expect: ADMIN_ONLY(202) },
  ],
};
