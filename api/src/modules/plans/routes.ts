import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { planNotFound } from '../billing/billing-service';
import { errorResponses, IdParams } from '../../http/schemas';
import { PlanList, PlanSchema, UpdatePlanBody } from './schemas';
import { toPlanResponse } from './responses';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['plans']);

const plans: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.plansRepository;

  fastify.get(
    '/',
    route('public', 'Planos disponíveis, na ordem de exibição', {
      response: { 200: PlanList, ...errorResponses() },
    }),
    async () => ({ data: (await repository.listActive()).map(toPlanResponse) }),
  );

  fastify.get(
    '/all',
    route('admin', 'Todos os planos, inclusive inativos (admin)', {
      response: { 200: PlanList, ...errorResponses(401, 403) },
    }),
    async () => ({ data: (await repository.listAll()).map(toPlanResponse) }),
  );

  fastify.get(
    '/:id',
    route('public', 'Um plano (também inativo: `active` diz se aceita novas assinaturas)', {
      params: IdParams,
      response: { 200: PlanSchema, ...errorResponses(404) },
    }),
    async (request) => toPlanResponse(found(await repository.findById(request.params.id), planNotFound)),
  );

  fastify.patch(
    '/:id',
    route('admin', 'Apresentação do plano (admin); preço e externalPlanId vêm do gateway', {
      params: IdParams,
      body: UpdatePlanBody,
      response: { 200: PlanSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const { name, description, features, ...rest } = request.body;
      const plan = await repository.update(request.params.id, {
        ...rest,
        ...(name !== undefined ? { name: name.trim() } : {}),
        ...(description !== undefined ? { description: description.trim() } : {}),
        ...(features !== undefined ? { features: features.map((feature) => feature.trim()) } : {}),
      });
      if (!plan) throw planNotFound();
      return toPlanResponse(plan);
    },
  );
};

export default plans;
