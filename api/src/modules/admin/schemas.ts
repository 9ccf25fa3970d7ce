import { Type, type Static } from 'typebox';
import { DateTime, ObjectIdString } from '../../http/schemas';
import { MemberSearch, SubscriptionStatusSchema } from '../billing/schemas';
import { UserListQuery } from '../users/schemas';

export const MetricsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Início da janela (padrão: 30 dias antes de `to`)' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Fim da janela, exclusivo (padrão: agora)' })),
  },
  { additionalProperties: false },
);

const VideoRankSchema = Type.Object({
  videoId: ObjectIdString,
  title: Type.Union([Type.String(), Type.Null()], { description: 'null se o vídeo foi excluído' }),
  slug: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer({ description: 'Membros que assistiram (mais vistos) ou terminaram (mais concluídos)' }),
  watchedSeconds: Type.Number({ description: 'Soma do tempo assistido por esses membros, em segundos' }),
});

export const MetricsSchema = Type.Object(
  {
    window: Type.Object({ from: DateTime, to: DateTime }),
    activeSubscribers: Type.Integer(),
    pixAutomaticSubscribers: Type.Integer({ description: 'Assinantes ativos com as renovações debitadas pelo Pix Automático' }),
    mrrCents: Type.Integer({ description: 'Receita recorrente mensal em centavos de real' }),
    newSubscriptions: Type.Integer(),
    canceledSubscriptions: Type.Integer(),
    activeAtWindowStart: Type.Integer(),
    churnRate: Type.Union([Type.Number(), Type.Null()], { description: 'Fração (0,05 = 5%); null sem assinantes no início da janela' }),
    revenueByMonth: Type.Array(Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), amountCents: Type.Integer(), invoices: Type.Integer() })),
    cancelReasons: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() })),
    mostWatchedVideos: Type.Array(VideoRankSchema),
    mostFinishedVideos: Type.Array(VideoRankSchema),
    creditsSpent: Type.Object({ credits: Type.Integer(), unlocks: Type.Integer() }),
  },
  { description: 'Números do clube (definições em api/README.md, "Admin metrics")' },
);
export type MetricsResponse = Static<typeof MetricsSchema>;

const { page: _page, limit: _limit, ...userFilters } = UserListQuery.properties;
/** The filters of GET /users (no page or limit: the file holds every matching row). */
export const UserExportQuery = Type.Object(userFilters, { additionalProperties: false });

/** The filters of GET /subscriptions/paginated (no page or limit). */
export const SubscriptionExportQuery = Type.Object(
  {
    planId: Type.Optional(ObjectIdString),
    userId: Type.Optional(ObjectIdString),
    member: Type.Optional(MemberSearch),
    status: Type.Optional(SubscriptionStatusSchema),
  },
  { additionalProperties: false },
);

export const CsvFile = Type.String({ description: 'CSV (UTF-8 com BOM, separador ponto e vírgula, como o Excel em português abre, linha de cabeçalho)' });
