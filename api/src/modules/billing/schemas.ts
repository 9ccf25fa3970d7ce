import { Type, type Static } from 'typebox';
import { INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS } from './documents';
import { SUBSCRIPTION_STATUSES } from './documents';
import { DateTime, Nullable, ObjectIdString, PageQuery } from '../../http/schemas';
import { PlanSummarySchema } from '../plans/schemas';


/** Seats of a laboratory account: 1 to 100 (price and credits × seats). */
export const Seats = Type.Integer({ minimum: 1, maximum: 100, description: 'Número de assentos (1 a 100); mais de 1: conta de laboratório' });

export const PaymentMethodSchema = Type.Enum([...PAYMENT_METHODS], { description: 'PIX (CREDIT_CARD responde 422 PAYMENT_METHOD_UNAVAILABLE: não há gateway de cartão)' });
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
        cycleAmountCents: Type.Integer({ description: 'O que cada ciclo do novo plano cobra: preço × assentos' }),
        cycleCredits: Type.Integer({ description: 'Créditos que cada ciclo pago do novo plano concede: créditos do plano × assentos' }),
      }),
    ),
    cycleAmountCents: Nullable(Type.Integer({ description: 'O que cada ciclo cobra: preço do plano × assentos (null só se o plano não existir mais)' })),
    cycleCredits: Nullable(Type.Integer({ description: 'Créditos que cada ciclo pago concede: créditos do plano × assentos' })),
    plan: Type.Union([PlanSummarySchema, Type.Null()], { description: 'null só se o plano não existir mais' }),
    adminDecision: Nullable(
      Type.Object(
        {
          status: SubscriptionStatusSchema,
          byName: Type.String({ description: 'Quem da administração decidiu' }),
          reason: Nullable(Type.String()),
          at: DateTime,
        },
        { description: 'A decisão da administração que pôs a assinatura no status atual (ex.: pausada pela administração, não por falta de pagamento)' },
      ),
    ),
    withdrawnAt: Nullable(Type.String({ format: 'date-time', description: 'Encerrada pelo direito de arrependimento (art. 49 do CDC): os pagamentos foram devolvidos' })),
    pixAutomatic: Type.Optional(
      Type.Object(
        {
          idRec: Type.String({ description: 'Id da recorrência no PSP (API Pix)' }),
          status: Type.Enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'], { description: 'CRIADA: aguardando a autorização no banco; APROVADA: ativo; os demais: encerrado' }),
          amountCents: Type.Integer({ description: 'Valor de cada débito autorizado' }),
          endedReason: Nullable(Type.String({ description: 'Por que terminou, em palavras para o membro' })),
          updatedAt: DateTime,
        },
        { description: 'Pix Automático (ausente: PIX comum a cada ciclo)' },
      ),
    ),
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
    refundedAt: Nullable(Type.String({ format: 'date-time', description: 'REFUNDED: quando o valor foi devolvido (direito de arrependimento)' })),
    hasReceipt: Type.Boolean({ description: 'Paga (ou paga e devolvida) com valor: tem recibo em PDF (…/invoices/{invoiceId}/receipt.pdf)' }),
    txid: Type.Optional(Nullable(Type.String({ description: 'PIX: o txid da cobrança atual no PSP (API Pix); null sem PIX' }))),
    endToEndId: Type.Optional(Nullable(Type.String({ description: 'PIX paga: o identificador fim a fim (E2E) do pagamento' }))),
    recurringCharge: Type.Optional(
      Type.Object(
        {
          txid: Type.String(),
          idRec: Type.String(),
          status: Type.Enum(['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA'], { description: 'ATIVA: débito agendado (ou nova tentativa); CONCLUIDA: debitada' }),
          debitDate: Type.String({ format: 'date', description: 'Data do débito' }),
          attempts: Type.Integer({ description: 'Tentativas de débito até agora' }),
          retryOn: Nullable(Type.String({ format: 'date', description: 'Nova tentativa marcada para esta data' })),
          failure: Nullable(Type.String({ description: 'Débito que falhou, em palavras para o membro, com o que acontece depois' })),
        },
        { description: 'Pix Automático: esta fatura é debitada pelo banco do membro (sem QR code)' },
      ),
    ),
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
    creditsTakenBack: Type.Integer({ description: 'Upgrade: créditos dos dias não usados que saem do saldo quando o pagamento é confirmado (o valor deles é descontado do preço); nada sai antes' }),
    creditsAfter: Type.Integer({ description: 'Créditos depois que a troca valer: agora − os que saem + os do novo ciclo' }),
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

/** Part of the member's name or e-mail (literal text, any case). */
export const MemberSearch = Type.String({ minLength: 1, maxLength: 100, description: 'Parte do nome ou do e-mail do membro' });

export const SubscriptionListQuery = Type.Object(
  {
    ...PageQuery,
    planId: Type.Optional(ObjectIdString),
    userId: Type.Optional(ObjectIdString),
    member: Type.Optional(MemberSearch),
    status: Type.Optional(SubscriptionStatusSchema),
  },
  { additionalProperties: false },
);

export const PageOnlyQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const UserIdParams = Type.Object({ userId: ObjectIdString }, { additionalProperties: false });
export const SubscriptionIdParams = Type.Object({ subscriptionId: ObjectIdString }, { additionalProperties: false });

/** The payer of Pix Automático: CPF (11 digits) or CNPJ (14 letters or digits), with or without the mask. */
export const PixAutomaticPayerBody = Type.Object(
  {
    documento: Type.String({ pattern: '^(\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}|[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?[0-9]{2})$', description: 'CPF ou CNPJ de quem paga' }),
    nome: Type.String({ minLength: 2, maxLength: 140, description: 'Nome de quem paga, como o banco mostra' }),
  },
  { additionalProperties: false, description: 'Pix Automático: um só QR code paga o primeiro ciclo e pede ao banco a autorização dos próximos' },
);

export const CreateSubscriptionBody = Type.Object(
  { planId: ObjectIdString, paymentMethod: PaymentMethodSchema, seats: Type.Optional(Seats), pixAutomatico: Type.Optional(PixAutomaticPayerBody) },
  { additionalProperties: false },
);

/** What an admin may set (PENDING only exists before the first payment). */
export const AdminStatusSchema = Type.Enum(['ACTIVE', 'PAUSED', 'CANCELED'], { description: 'PENDING só existe antes do primeiro pagamento' });

/** A subscription in the admin's list: with the status changes the lifecycle allows now. */
export const AdminSubscriptionSchema = Type.Object(
  {
    ...SubscriptionSchema.properties,
    member: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()], { description: 'O membro dono da assinatura; null se a conta foi excluída' }),
    allowedStatusChanges: Type.Array(AdminStatusSchema, {
      description: 'Os status que o admin pode definir agora (PATCH /subscriptions/status), pela tabela de transições da assinatura',
    }),
  },
  { description: 'Assinatura com o resumo do plano e as mudanças de status permitidas ao admin' },
);

export const UpdateStatusBody = Type.Object(
  {
    subscriptionId: ObjectIdString,
    status: AdminStatusSchema,
    reason: Type.Optional(Type.String({ maxLength: 300, description: 'Por quê (o membro lê na página da assinatura)' })),
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


export const WithdrawalSchema = Type.Object(
  {
    available: Type.Boolean({ description: 'true: primeira compra, paga há menos de 7 dias; o cancelamento pode devolver tudo' }),
    until: Nullable(Type.String({ format: 'date-time', description: 'Até quando (exclusive) vale o arrependimento' })),
    amountCents: Type.Integer({ description: 'Quanto seria devolvido (0 se não vale)' }),
  },
  { description: 'O direito de arrependimento (art. 49 do Código de Defesa do Consumidor) desta assinatura agora' },
);

export const InvoiceParams = Type.Object({ id: ObjectIdString, invoiceId: ObjectIdString }, { additionalProperties: false });
