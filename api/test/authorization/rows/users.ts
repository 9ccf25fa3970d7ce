import type { MatrixGroup } from '../matrix';

/** `member` is the owner of the targeted profile in every row. */
export const usersGroup: MatrixGroup = {
  name: 'users',
  rows: [
    {
      method: 'GET',
      route: '/v1/users/',
      query: () => ({ page: 1, limit: 5 }),
      expect: { anonymous: 401, member: 403, otherMember: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/v1/users/',
      label: 'perfil já existe: idempotente',
      body: () => ({}),
      expect: { anonymous: 401, member: 200, otherMember: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/v1/users/provider/:providerId',
      params: ({ actors }) => ({ providerId: actors.member.account.uid }),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/v1/users/:id',
      params: ({ actors }) => ({ id: actors.member.id }),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200 },
    },
    {
      method: 'GET',
      route: '/v1/users/:id/exists',
      params: ({ actors }) => ({ id: actors.member.id }),
      // Not a way to count members (#26): only the owner (always true) and admins may ask.
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200 },
    },
    {
      method: 'PATCH',
      route: '/v1/users/:id',
      label: 'dados do perfil',
      params: ({ actors }) => ({ id: actors.member.id }),
      body: () => ({ name: 'Nome Alterado', onboardingCompleted: true }),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 403 },
    },
    {
      method: 'PATCH',
      route: '/v1/users/:id',
      label: 'papel',
      params: ({ actors }) => ({ id: actors.member.id }),
      body: () => ({ role: 'USER' }),
      expect: { anonymous: 401, member: 403, otherMember: 403, admin: 200 },
    },
  ],
};
