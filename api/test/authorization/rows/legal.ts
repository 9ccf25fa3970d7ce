import type { MatrixGroup } from '../matrix';

/** Who sells and the documents accepted at sign-up: every visitor reads them (the footer, the legal pages). */
export const legalGroup: MatrixGroup = {
  name: 'legal',
  rows: [
    { method: 'GET', route: '/v1/legal/', expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200 } },
    {
      method: 'GET',
      route: '/v1/legal/:slug',
      params: () => ({ slug: 'termos-de-uso' }),
      expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200 },
    },
  ],
};
