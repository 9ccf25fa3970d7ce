import { Type, type Static } from 'typebox';
import { INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, seatsOf, type InvoiceDocument, type PlanDocument, type SubscriptionDocument } from './documents';
import { SUBSCRIPTION_STATUSES } from '../users/documents';
import type { PaymentStatus, PlanChange, PixQrCode } from './billing-service';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';
import { PlanSummarySchema, toPlanSummary } from '../plans/schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Seats of a laboratory account: 1 to 100 (price and credits × seats). */
export const Seats = Type.Integer({ minimum: 1, maximum: 100, description: 'Número de assentos (1 a 100); mais de 1: conta de laboratório' });

export const PaymentMethodSchema = Type.Enum([...PAYMENT_METHODS], { description: 'PIX ou CREDIT_CARD' });
export const SubscriptionStatusSchema = Type.Enum([...SUBSCRIPTION_STATUSES]);

export const SubscriptionSchema = Type.Object(
  {
    _id: ObjectIdString,
    userId: ObjectIdString,
    planId: ObjectIdString,
    externalPlanId: Type.String(),
    externalId: Type.String({ description: 'Id da assinatura no gateway' }),
    paymentMethod: PaymentMethodSchema,
    status: SubscriptionStatusSchema,
    seats: Type.Integer({ minimum: 1, description: 'Assentos comprados (preço e créditos × assentos); mais de 1: conta de laboratório' }),
    /** Whether the member can use the club now (ACTIVE, including a scheduled cancellation). */
    hasAccess: Type.Boolean(),
    startDate: Nullable(DateTime),
    currentPeriodStart: Nullable(DateTime),
    endDate: Nullable(Type.String({ format: 'date-time', description: 'ACTIVE: fim do período pago; PAUSED: último dia para pagar antes do cancelamento' })),
    cancelRequest: Nullable(Type.Object({ reason: Type.String(), comment: Nullable(Type.String()), requestedAt: DateTime })),
    canceledAt: Nullable(DateTime),
    pendingPlanChange: Nullable(
      Type.Object({
        kind: Type.Enum(['UPGRADE', 'DOWNGRADE']),
        plan: PlanSummarySchema,
        invoiceId: Nullable(ObjectIdString),
        effectiveAt: Nullable(DateTime),
        requestedAt: DateTime,
        seats: Type.Integer({ description: 'Assentos depois da troca' }),
      }),
    ),
    plan: Type.Union([PlanSummarySchema, Type.Null()], { description: 'null só se o plano não existir mais' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { description: 'Assinatura com o resumo do plano' },
);
export type SubscriptionResponse = Static<typeof SubscriptionSchema>;

export const InvoiceSchema = Type.Object(
  {
    _id: ObjectIdString,
    subscriptionId: ObjectIdString,
    userId: ObjectIdString,
    planId: ObjectIdString,
    kind: Type.Enum([...INVOICE_KINDS], { description: 'FIRST: primeiro ciclo; RENEWAL: renovação; UPGRADE: diferença de troca de plano; GRANT: período concedido pela administração (sem cobrança)' }),
    amountCents: Type.Integer(),
    description: Type.String(),
    dueDate: DateTime,
    status: Type.Enum([...INVOICE_STATUSES]),
    paidAt: Nullable(DateTime),
    periodStart: Nullable(DateTime),
    periodEnd: Nullable(DateTime),
    creditsGranted: Type.Integer(),
    seats: Type.Integer({ description: 'Assentos pagos por esta fatura (valor = preço do plano × assentos)' }),
    createdAt: DateTime,
  },
  { description: 'Fatura' },
);
export type InvoiceResponse = Static<typeof InvoiceSchema>;

export const PixQRCodeSchema = Type.Object(
  {
    invoiceId: ObjectIdString,
    payload: Type.String({ description: 'PIX copia e cola (EMV BR Code)' }),
    qrCodeDataUrl: Type.String({ description: 'QR code em PNG (data URL)' }),
    expiresAt: DateTime,
    amountCents: Type.Integer(),
    dueDate: DateTime,
    status: Type.Enum(['PENDING', 'OVERDUE']),
  },
  { description: 'PIX da fatura em aberto' },
);

export const PlanChangeSchema = Type.Object(
  {
    kind: Type.Enum(['UPGRADE', 'DOWNGRADE', 'IMMEDIATE', 'REVERTED']),
    fromPlan: PlanSummarySchema,
    toPlan: PlanSummarySchema,
    fromSeats: Type.Integer({ description: 'Assentos antes da troca' }),
    toSeats: Type.Integer({ description: 'Assentos depois da troca' }),
    amountCents: Type.Integer({ description: 'Quanto esta troca cobra' }),
    creditCents: Type.Integer({ description: 'Desconto pelos dias não usados (upgrade)' }),
    chargedAt: Nullable(Type.String({ format: 'date-time', description: 'Quando é cobrado' })),
    dueDate: Nullable(DateTime),
    effectiveAt: Nullable(Type.String({ format: 'date-time', description: 'Quando o novo plano começa; null: ao confirmar o pagamento' })),
    invoiceId: Nullable(ObjectIdString),
    creditsNow: Type.Integer({ description: 'Créditos do membro agora' }),
    creditsAfter: Type.Integer({ description: 'Créditos depois que a troca valer (upgrade: os dos dias não usados voltam como desconto)' }),
    message: Type.String({ description: 'O que será cobrado e quando, pronto para exibir' }),
  },
  { description: 'Troca de plano' },
);

export const PlanPreviewQuery = Type.Object(
  {
    externalPlanId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$', description: 'externalPlanId do plano desejado' }),
    seats: Type.Optional(Seats),
  },
  { additionalProperties: false },
);

export const PlanPreviewSchema = Type.Object(
  {
    ...PlanChangeSchema.properties,
    invoiceId: Nullable(Type.String({ description: 'Sempre null na prévia, exceto se a mesma troca já estiver pendente' })),
  },
  { description: 'Prévia da troca de plano: o que a confirmação (PATCH /subscriptions/{id}/plan) cobraria agora' },
);

export const PaymentStatusSchema = Type.Object(
  {
    subscriptionId: ObjectIdString,
    subscriptionStatus: SubscriptionStatusSchema,
    hasAccess: Type.Boolean(),
    invoice: Nullable(
      Type.Object({
        _id: ObjectIdString,
        kind: Type.Enum([...INVOICE_KINDS]),
        status: Type.Enum([...INVOICE_STATUSES]),
        paid: Type.Boolean(),
        amountCents: Type.Integer(),
        dueDate: DateTime,
        paidAt: Nullable(DateTime),
        pixExpiresAt: Nullable(Type.String({ format: 'date-time', description: 'Validade do PIX atual; null se ainda não gerado ou se não é PIX' })),
      }),
    ),
  },
  { description: 'Situação do pagamento (leve, para consultar a cada poucos segundos)' },
);

export const PlanChangeResponse = Type.Object({ subscription: SubscriptionSchema, change: PlanChangeSchema });

export const SubscriptionListQuery = Type.Object(
  {
    ...PageQuery,
    planId: Type.Optional(ObjectIdString),
    userId: Type.Optional(ObjectIdString),
    status: Type.Optional(SubscriptionStatusSchema),
  },
  { additionalProperties: false },
);

export const PageOnlyQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const UserIdParams = Type.Object({ userId: ObjectIdString }, { additionalProperties: false });
export const SubscriptionIdParams = Type.Object({ subscriptionId: ObjectIdString }, { additionalProperties: false });

export const CreateSubscriptionBody = Type.Object(
  { planId: ObjectIdString, paymentMethod: PaymentMethodSchema, seats: Type.Optional(Seats) },
  { additionalProperties: false },
);

export const UpdateStatusBody = Type.Object(
  {
    subscriptionId: ObjectIdString,
    status: Type.Enum(['ACTIVE', 'PAUSED', 'CANCELED'], { description: 'PENDING só existe antes do primeiro pagamento' }),
  },
  { additionalProperties: false },
);

export const UpdateSubscriptionBody = Type.Object(
  { subscriptionId: ObjectIdString, paymentMethod: Type.Optional(PaymentMethodSchema) },
  { additionalProperties: false },
);

export const ChangePlanBody = Type.Object(
  {
    externalPlanId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$', description: 'externalPlanId do plano desejado' }),
    seats: Type.Optional(Seats),
  },
  { additionalProperties: false },
);

export const CancelRequestBody = Type.Object(
  {
    reason: Type.String({ minLength: 2, maxLength: 200, pattern: '\\S', description: 'Motivo do cancelamento' }),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

export function toSubscriptionResponse(subscription: SubscriptionDocument, plans: Map<string, PlanDocument>): SubscriptionResponse {
  const plan = plans.get(subscription.planId.toHexString());
  // Documents written by older code or by hand may lack the later fields: show them as empty.
  const pending = subscription.pendingPlanChange ?? null;
  const pendingPlan = pending ? plans.get(pending.planId.toHexString()) : undefined;
  return {
    _id: subscription._id.toHexString(),
    userId: subscription.userId.toHexString(),
    planId: subscription.planId.toHexString(),
    externalPlanId: subscription.externalPlanId,
    externalId: subscription.externalId,
    paymentMethod: subscription.paymentMethod,
    status: subscription.status,
    seats: seatsOf(subscription),
    hasAccess: subscription.status === 'ACTIVE',
    startDate: iso(subscription.startDate),
    currentPeriodStart: iso(subscription.currentPeriodStart ?? null),
    endDate: iso(subscription.endDate),
    cancelRequest: subscription.cancelRequest
      ? {
          reason: subscription.cancelRequest.reason,
          comment: subscription.cancelRequest.comment,
          requestedAt: subscription.cancelRequest.requestedAt.toISOString(),
        }
      : null,
    canceledAt: iso(subscription.canceledAt),
    pendingPlanChange:
      pending && pendingPlan
        ? {
            kind: pending.kind,
            plan: toPlanSummary(pendingPlan),
            invoiceId: pending.invoiceId ? pending.invoiceId.toHexString() : null,
            effectiveAt: iso(pending.effectiveAt),
            requestedAt: pending.requestedAt.toISOString(),
            seats: pending.seats ?? seatsOf(subscription),
          }
        : null,
    plan: plan ? toPlanSummary(plan) : null,
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

export function toInvoiceResponse(invoice: InvoiceDocument): InvoiceResponse {
  return {
    _id: invoice._id.toHexString(),
    subscriptionId: invoice.subscriptionId.toHexString(),
    userId: invoice.userId.toHexString(),
    planId: invoice.planId.toHexString(),
    kind: invoice.kind,
    amountCents: invoice.amountCents,
    description: invoice.description,
    dueDate: invoice.dueDate.toISOString(),
    status: invoice.status,
    paidAt: iso(invoice.paidAt),
    periodStart: iso(invoice.periodStart),
    periodEnd: iso(invoice.periodEnd),
    creditsGranted: invoice.creditsGranted,
    seats: seatsOf(invoice),
    createdAt: invoice.createdAt.toISOString(),
  };
}

export function toPixResponse(pix: PixQrCode): Static<typeof PixQRCodeSchema> {
  return {
    invoiceId: pix.invoice._id.toHexString(),
    payload: pix.payload,
    qrCodeDataUrl: pix.qrCodeDataUrl,
    expiresAt: pix.expiresAt.toISOString(),
    amountCents: pix.invoice.amountCents,
    dueDate: pix.invoice.dueDate.toISOString(),
    status: pix.invoice.status === 'OVERDUE' ? 'OVERDUE' : 'PENDING',
  };
}

export function toPlanChangeResponse(change: PlanChange): Static<typeof PlanChangeSchema> {
  return {
    kind: change.kind,
    fromPlan: toPlanSummary(change.fromPlan),
    toPlan: toPlanSummary(change.toPlan),
    fromSeats: change.fromSeats,
    toSeats: change.toSeats,
    amountCents: change.amountCents,
    creditCents: change.creditCents,
    chargedAt: iso(change.chargedAt),
    dueDate: iso(change.dueDate),
    effectiveAt: iso(change.effectiveAt),
    invoiceId: change.invoiceId ? change.invoiceId.toHexString() : null,
    creditsNow: change.creditsNow,
    creditsAfter: change.creditsAfter,
    message: change.message,
  };
}

export function toPaymentStatusResponse({ subscription, invoice }: PaymentStatus): Static<typeof PaymentStatusSchema> {
  return {
    subscriptionId: subscription._id.toHexString(),
    subscriptionStatus: subscription.status,
    hasAccess: subscription.status === 'ACTIVE',
    invoice: invoice
      ? {
          _id: invoice._id.toHexString(),
          kind: invoice.kind,
          status: invoice.status,
          paid: invoice.status === 'PAID',
          amountCents: invoice.amountCents,
          dueDate: invoice.dueDate.toISOString(),
          paidAt: iso(invoice.paidAt),
          pixExpiresAt: iso(invoice.pix?.expiresAt ?? null),
        }
      : null,
  };
}
