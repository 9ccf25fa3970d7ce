import type { ApiModule } from '../api-module';
import { BILLING_COLLECTIONS, BILLING_INDEXES } from './collections';
import billingService, { type BillingService } from './billing-service';
import invoicesRepository, { type InvoicesRepository } from './invoices-repository';
import reconciliationJob, { type Reconciliation } from './reconciliation-job';
import sandboxRoutes from './sandbox-routes';
import subscriptionRoutes from './subscription-routes';
import subscriptionsRepository, { type SubscriptionsRepository } from './subscriptions-repository';
import pixWebhookRoutes from './pix-webhook-routes';
import devClockRoutes from './dev-clock-routes';

/** What the billing module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    subscriptionsRepository: SubscriptionsRepository;
    invoicesRepository: InvoicesRepository;
    /** The billing use cases (use-cases/) bound to this app. */
    billing: BillingService;
    reconciliation: Reconciliation;
  }
}

export const billingModule: ApiModule = {
  name: 'billing',
  collections: BILLING_COLLECTIONS,
  indexes: BILLING_INDEXES,
  repositories: [subscriptionsRepository, invoicesRepository],
  services: [billingService, reconciliationJob],
  routes: { '/dev': devClockRoutes, '/sandbox': sandboxRoutes, '/subscriptions': subscriptionRoutes, '/webhooks/pix-api': pixWebhookRoutes },
};
