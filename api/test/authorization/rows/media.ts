import type { MatrixContext, MatrixGroup } from '../matrix';

const ADMIN_ONLY = (status: number) => ({ anonymous: 401, member: 403, otherMember: 403, admin: status });
const FORBIDDEN_FOR_ALL = { anonymous: 403, member: 403, otherMember: 403, admin: 403, subscriber: 403 };
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
    // The HLS ladder opens with the signature in its path only (test/media/transcode.test.ts plays a real one): a token is no key.
    {
      method: 'GET',
      route: '/v1/files/hls/:name/:token/:file',
      label: 'playlist HLS com assinatura falsa, nem com token',
      params: () => ({ name: 'matriz', token: `9999999999-${'A'.repeat(43)}`, file: 'master.m3u8' }),
      expect: FORBIDDEN_FOR_ALL,
    },
    {
      method: 'GET',
      route: '/v1/files/hls/:name/:token/:rendition/:file',
      label: 'segmento HLS com assinatura falsa, nem com token',
      params: () => ({ name: 'matriz', token: `9999999999-${'A'.repeat(43)}`, rendition: '360p', file: 'seg-00000.ts' }),
      expect: FORBIDDEN_FOR_ALL,
    },
  ],
};
