import type { MatrixGroup } from '../matrix';

export const healthGroup: MatrixGroup = {
  name: 'health',
  rows: [
    { method: 'GET', route: '/v1/health', expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200 } },
  ],
};
