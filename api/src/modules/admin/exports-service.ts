import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Filter, ObjectId } from 'mongodb';
import type { StoreSort } from '../../store/store';
import type { PaymentMethod, SubscriptionDocument } from '../billing/documents';
import { COLLECTIONS, type SubscriptionStatus, type UserDocument } from '../users/documents';
import { toObjectId } from '../../store/object-id';
import { userListFilter, type UserListFilters } from '../users/users-repository';

export type UserExportFilters = Omit<UserListFilters, 'page' | 'limit'>;

export interface SubscriptionExportFilters {
  planId?: string | undefined;
  userId?: string | undefined;
  status?: SubscriptionStatus | undefined;
}

/**
 * CSV files of the admin lists, streamed row by row from a cursor (memory stays flat whatever the
 * size): UTF-8 with a BOM (spreadsheets then read accents), a header row, quoting by
 * csv-stringify, and every text cell that a spreadsheet would run as a formula neutralised.
 */
export interface AdminExports {
  usersCsv(filters: UserExportFilters): Readable;
  subscriptionsCsv(filters: SubscriptionExportFilters): Readable;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminExports: AdminExports;
  }
}

/** Rows read (and joined) per round trip. */
const BATCH = 200;

/**
 * A cell starting with = + - @ (or tab / carriage return, which some programs skip before
 * them) is a formula to Excel, LibreOffice and Google Sheets; a leading apostrophe makes it text
 * (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
const date = (value: Date | null | undefined) => (value ? dateFormat.format(value) : '');
const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  PENDING: 'Aguardando pagamento',
  ACTIVE: 'Ativa',
  PAUSED: 'Pausada',
  CANCELED: 'Cancelada',
};
const PAYMENT_WORDS: Record<PaymentMethod, string> = { PIX: 'PIX', CREDIT_CARD: 'Cartão de crédito' };

const USER_COLUMNS = [
  'ID', 'Nome', 'E-mail', 'Papel', 'Assinante', 'Créditos (saldo)', 'Créditos usados', 'Cadastro concluído',
  'Laboratório', 'CNPJ', 'Cidade', 'UF', 'Cadastrado em',
];

const SUBSCRIPTION_COLUMNS = [
  'ID', 'Usuário (ID)', 'Nome', 'E-mail', 'Plano', 'Status', 'Forma de pagamento', 'Início', 'Fim do período',
  'Cancelamento solicitado em', 'Motivo do cancelamento', 'Cancelada em', 'Criada em',
];

function toCsv(header: string[], rows: AsyncIterable<(string | number)[]>): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: header,
    cast: { string: neutraliseFormula },
  });
  // pipeline: a failed read ends the file with an error, and a client that leaves destroys the
  // source too, which returns the generator and closes the database cursor.
  return pipeline(Readable.from(rows), csv, () => undefined);
}

async function* batches<T>(cursor: AsyncIterable<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of cursor) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export default fp(
  async function adminExports(fastify: FastifyInstance) {
    const users = () => fastify.store.collection<UserDocument>(COLLECTIONS.users);
    const subscriptions = () => fastify.store.collection<SubscriptionDocument>(COLLECTIONS.subscriptions);

    async function* userRows({ field, criteria, ...filters }: UserExportFilters) {
      const direction = criteria === 'asc' ? 1 : -1;
      const sort: StoreSort = { [field]: direction, _id: direction };
      for await (const user of users().find(userListFilter(filters)).sort(sort)) {
        const lab = user.laboratory;
        yield [
          user._id.toHexString(),
          user.name,
          user.email,
          user.role === 'ADMIN' ? 'Administrador' : 'Membro',
          yesNo(user.hasActiveSubscription),
          user.credits.balance,
          user.credits.used,
          yesNo(user.onboardingCompleted),
          lab?.name ?? '',
          lab?.cnpj ?? '',
          lab?.address.city ?? '',
          lab?.address.state ?? '',
          date(user.createdAt),
        ];
      }
    }

    async function* subscriptionRows({ planId, userId, status }: SubscriptionExportFilters) {
      // The filter of GET /subscriptions/paginated (subscriptions-repository.ts), newest first.
      const filter: Filter<SubscriptionDocument> = {};
      if (planId) filter.planId = toObjectId(planId);
      if (userId) filter.userId = toObjectId(userId);
      if (status) filter.status = status;
      const plans = await fastify.plansRepository.mapAll();
      const cursor = subscriptions().find(filter).sort({ createdAt: -1, _id: -1 });
      for await (const batch of batches(cursor)) {
        const ids = [...new Set(batch.map((subscription) => subscription.userId.toHexString()))].map((id) => toObjectId(id));
        const owners = await users()
          .find({ _id: { $in: ids as ObjectId[] } }, { projection: { name: 1, email: 1 } })
          .toArray();
        const byId = new Map(owners.map((owner) => [owner._id.toHexString(), owner]));
        for (const subscription of batch) {
          const owner = byId.get(subscription.userId.toHexString());
          yield [
            subscription._id.toHexString(),
            subscription.userId.toHexString(),
            owner?.name ?? '',
            owner?.email ?? '',
            plans.get(subscription.planId.toHexString())?.name ?? '',
            STATUS_WORDS[subscription.status],
            PAYMENT_WORDS[subscription.paymentMethod],
            date(subscription.startDate),
            date(subscription.endDate),
            date(subscription.cancelRequest?.requestedAt),
            subscription.cancelRequest?.reason ?? '',
            date(subscription.canceledAt),
            date(subscription.createdAt),
          ];
        }
      }
    }

    fastify.decorate('adminExports', {
      usersCsv: (filters) => toCsv(USER_COLUMNS, userRows(filters)),
      subscriptionsCsv: (filters) => toCsv(SUBSCRIPTION_COLUMNS, subscriptionRows(filters)),
    } satisfies AdminExports);
  },
  { name: 'admin-exports', dependencies: ['mongodb', 'plans-repository'] },
);
