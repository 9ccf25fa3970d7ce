import type { MatrixGroup } from '../matrix';

/** The OpenAPI document is public; it is served by @fastify/swagger-ui, outside routes/. */
export const docsGroup: MatrixGroup = {
  name: 'docs',
  rows: [
    {
      method: 'GET',
      route: '/v1/docs/json',
      expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200 },
      noHostileInput: 'documento estático gerado na inicialização; não lê parâmetros nem corpo',
    },
  ],
};
