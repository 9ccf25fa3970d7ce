import { createActor, type TestActor } from '../../helpers/app';
import type { Actor, MatrixContext, MatrixGroup } from '../matrix';

/**
 * Issues 13/14 (admin API and member account API), in one block: admin metrics and CSV exports,
 * category order, member suggestions and votes, LGPD export and deletion.
 */
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, member: 403, otherMember: 403, admin: status });
const SIGNED_IN = (status: number) => ({ anonymous: 401, member: status, otherMember: status, admin: status });

interface AdminApiFixtures {
  categoryId: string;
  suggestionId: string;
  /** DELETE /v1/me really deletes: each actor column deletes an account of its own kind made for it. */
  doomed: Record<Exclude<Actor, 'anonymous'>, TestActor>;
}

const fx = (ctx: MatrixContext) => ctx.fixtures.adminApi as AdminApiFixtures;

async function prepare(ctx: MatrixContext): Promise<void> {
  const { testApp, actors } = ctx;
  const category = await testApp.call('POST', '/v1/categories', { token: actors.admin.token, body: { name: 'Categoria ordenada' } });
  const suggestion = await testApp.call('POST', '/v1/suggestions', {
    token: actors.member.token,
    body: { subject: 'Votação da matriz', message: 'Uma sugestão para receber votos.' },
  });
  const [member, otherMember, admin] = await Promise.all([createActor(testApp), createActor(testApp), createActor(testApp, 'ADMIN')]);
  ctx.fixtures.adminApi = {
    categoryId: category.body._id,
    suggestionId: suggestion.body._id,
    doomed: { member, otherMember, admin },
  } satisfies AdminApiFixtures;
}

export const adminApiGroup: MatrixGroup = {
  name: 'admin and account (issues 13/14)',
  prepare,
  rows: [
    {
      method: 'GET',
      route: '/v1/admin/metrics',
      query: () => ({ from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' }),
      expect: ADMIN_ONLY(200),
    },
    { method: 'GET', route: '/v1/admin/exports/users', query: () => ({ role: 'USER', field: 'name', criteria: 'asc' }), expect: ADMIN_ONLY(200) },
    { method: 'GET', route: '/v1/admin/exports/subscriptions', query: () => ({ status: 'ACTIVE' }), expect: ADMIN_ONLY(200) },
    { method: 'GET', route: '/v1/admin/slug-preview', query: () => ({ text: 'Café & Pão: 100%' }), expect: ADMIN_ONLY(200) },
    {
      method: 'PATCH',
      route: '/v1/categories/order',
      body: (ctx) => ({ ids: [fx(ctx).categoryId] }),
      expect: ADMIN_ONLY(200),
    },
    {
      method: 'GET',
      route: '/v1/users/:id/unlocks',
      params: ({ actors }) => ({ id: actors.member.id }),
      query: () => ({ page: 1, limit: 5 }),
      expect: ADMIN_ONLY(200),
    },
    {
      method: 'GET',
      route: '/v1/users/:id/progress',
      params: ({ actors }) => ({ id: actors.member.id }),
      query: () => ({ page: 1, limit: 5 }),
      expect: ADMIN_ONLY(200),
    },
    { method: 'GET', route: '/v1/suggestions/open', query: () => ({ page: 1, limit: 5 }), expect: SIGNED_IN(200) },
    { method: 'GET', route: '/v1/suggestions/mine', query: () => ({ page: 1, limit: 5 }), expect: SIGNED_IN(200) },
    {
      method: 'POST',
      route: '/v1/suggestions/:id/vote',
      label: 'o primeiro voto de cada um',
      params: (ctx) => ({ id: fx(ctx).suggestionId }),
      expect: SIGNED_IN(201),
    },
    { method: 'GET', route: '/v1/me/export', expect: SIGNED_IN(200) },
    {
      method: 'DELETE',
      route: '/v1/me/',
      label: 'cada coluna exclui uma conta própria, criada para isso',
      body: () => ({ confirmation: 'EXCLUIR' }),
      request: (ctx, actor) => (actor && actor !== 'anonymous' && actor !== 'subscriber' && actor !== 'technician' ? { token: fx(ctx).doomed[actor].token } : {}),
      expect: SIGNED_IN(204),
    },
  ],
};
