import { ObjectId } from 'mongodb';
import type { MatrixContext, MatrixGroup } from '../matrix';

/**
 * Certificates of completion (issue 16). Verification is public — whoever holds the paper or the
 * QR code, signed in or not; the list of one's own certificates needs a sign-in. `member` holds a
 * certificate issued through the repository (the progress route that issues it has its own tests).
 */
const code = (ctx: MatrixContext) => ({ code: ctx.fixtures.certificateCode as string });
const PUBLIC = { anonymous: 200, member: 200, otherMember: 200, admin: 200 };

export const certificatesGroup: MatrixGroup = {
  name: 'certificates',
  prepare: async (ctx) => {
    const { app } = ctx.testApp;
    const member = await app.usersRepository.findById(ctx.actors.member.id);
    const certificate = await app.certificatesRepository.issueForCompletion(
      member!,
      { _id: new ObjectId(), title: 'Vídeo da matriz de autorização', durationSeconds: 1800 },
      app.clock.now(),
      async () => null,
    );
    ctx.fixtures.certificateCode = certificate.code;
  },
  rows: [
    { method: 'GET', route: '/v1/certificates/:code', params: code, expect: PUBLIC },
    { method: 'GET', route: '/v1/certificates/:code/pdf', params: code, expect: PUBLIC },
    { method: 'GET', route: '/v1/certificates/:code/qr.png', params: code, expect: PUBLIC },
    { method: 'GET', route: '/v1/me/certificates', expect: { anonymous: 401, member: 200, otherMember: 200, admin: 200 } },
  ],
};
