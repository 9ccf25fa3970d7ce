import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { csvFile } from '../../http/csv';
import { formatCnpj, formatDate } from '../../http/format';
import { PAYMENT_METHOD_WORDS, STATUS_WORDS } from '../billing/rules/messages';
import type { SubscriptionFilters } from '../billing/subscriptions-repository';
import type { UserExportFilters } from '../users/users-repository';

export type { UserExportFilters };
export type SubscriptionExportFilters = SubscriptionFilters;

/**
 * CSV files of the admin lists (http/csv.ts: UTF-8 with BOM, header row, formulas neutralised),
 * streamed from the owners' cursors (users, billing): memory stays flat whatever the size.
 */
export interface AdminExports {
  usersCsv(filters: UserExportFilters): Readable;
  subscriptionsCsv(filters: SubscriptionExportFilters): Readable;
}

/** Rows read (and joined) per round trip. */
const BATCH = 200;

const date = (value: Date | null | undefined) => (value ? formatDate(value) : '');
const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

const USER_COLUMNS = [
  'ID', 'Nome', 'E-mail', 'Papel', 'Assinante', 'Créditos (saldo)', 'Créditos usados', 'Cadastro concluído',
  'Laboratório', 'CNPJ', 'Cidade', 'UF', 'Cadastrado em',
];

const SUBSCRIPTION_COLUMNS = [
  'ID', 'Usuário (ID)', 'Nome', 'E-mail', 'Plano', 'Status', 'Forma de pagamento', 'Início', 'Fim do período',
  'Cancelamento solicitado em', 'Motivo do cancelamento', 'Cancelada em', 'Criada em',
];

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
    async function* userRows(filters: UserExportFilters) {
      for await (const user of fastify.usersRepository.streamAll(filters)) {
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
          lab ? formatCnpj(lab.cnpj) : '',
          lab?.address.city ?? '',
          lab?.address.state ?? '',
          date(user.createdAt),
        ];
      }
    }

    async function* subscriptionRows(filters: SubscriptionExportFilters) {
      const plans = await fastify.plansRepository.mapAll();
      for await (const batch of batches(fastify.subscriptionsRepository.streamAll(filters))) {
        const ids = [...new Map(batch.map((subscription) => [subscription.userId.toHexString(), subscription.userId])).values()] as ObjectId[];
        const owners = await fastify.usersRepository.findSummaries(ids);
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
            PAYMENT_METHOD_WORDS[subscription.paymentMethod],
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
      usersCsv: (filters) => csvFile(USER_COLUMNS, userRows(filters)),
      subscriptionsCsv: (filters) => csvFile(SUBSCRIPTION_COLUMNS, subscriptionRows(filters)),
    } satisfies AdminExports);
  },
  { name: 'admin-exports', dependencies: ['users-repository', 'plans-repository', 'subscriptions-repository'] },
);
