import { Type, type Static } from 'typebox';
import { PLAN_INTERVALS } from './documents';
import { DateTime, ObjectIdString } from '../../http/schemas';

export const PlanInterval = Type.Enum([...PLAN_INTERVALS], { description: 'Periodicidade da cobrança' });

export const PlanSchema = Type.Object(
  {
    _id: ObjectIdString,
    name: Type.String(),
    description: Type.String(),
    priceCents: Type.Integer({ description: 'Preço por ciclo em centavos de real' }),
    interval: PlanInterval,
    creditsPerCycle: Type.Integer({ description: 'Créditos concedidos a cada ciclo pago' }),
    features: Type.Array(Type.String()),
    externalPlanId: Type.String({ description: 'Id do plano no gateway de pagamento' }),
    active: Type.Boolean(),
    highlight: Type.Boolean({ description: 'Plano em destaque na página de planos' }),
    order: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { description: 'Plano de assinatura' },
);
export type PlanResponse = Static<typeof PlanSchema>;

export const PlanSummarySchema = Type.Object(
  {
    _id: ObjectIdString,
    name: Type.String(),
    priceCents: Type.Integer(),
    interval: PlanInterval,
    creditsPerCycle: Type.Integer(),
    externalPlanId: Type.String(),
  },
  { description: 'Resumo do plano' },
);
export type PlanSummary = Static<typeof PlanSummarySchema>;

const Feature = Type.String({ minLength: 1, maxLength: 160, pattern: '\\S' });

/** Presentation only: price, interval and externalPlanId come from the payment gateway. */
export const UpdatePlanBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 60, pattern: '\\S' })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    features: Type.Optional(Type.Array(Feature, { maxItems: 20 })),
    creditsPerCycle: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    active: Type.Optional(Type.Boolean()),
    highlight: Type.Optional(Type.Boolean({ description: 'true tira o destaque dos outros planos' })),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const PlanList = Type.Object({ data: Type.Array(PlanSchema) });

