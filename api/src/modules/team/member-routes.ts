import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../http/app-error';
import { ownerOrAdmin } from '../../http/authentication';
import { errorResponses, IdParams } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { toTeamAccountResponse, toTeamMembersResponse } from './responses';
import { UserTeamSchema } from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['users']);
const ownerOfId = ownerOrAdmin((request) => ({ userId: (request.params as { id: string }).id }));

/** A user's laboratory account (under /users, next to the profile). */
const memberRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id/team',
    route(ownerOfId, 'A conta de laboratório que o usuário gerencia ou da qual participa, com seus assentos e pessoas (o próprio ou admin)', {
      description: 'Um técnico consultando a si mesmo recebe `members` vazio: só o gestor e o admin veem a equipe. 404 TEAM_NOT_FOUND: nenhuma.',
      params: IdParams,
      response: { 200: UserTeamSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const found = await fastify.team.accountOfUser(toObjectId(request.params.id));
      if (!found) throw notFound('Este usuário não faz parte de uma conta de laboratório.', 'TEAM_NOT_FOUND');
      const seesMembers = request.user!.role === 'ADMIN' || found.role === 'MANAGER';
      const view = await fastify.team.view(found.account, { members: seesMembers });
      return { account: toTeamAccountResponse(view), members: toTeamMembersResponse(view), role: found.role };
    },
  );
};

export default memberRoutes;
