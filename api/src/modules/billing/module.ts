import type { ApiModule } from '../api-module';
import { BILLING_COLLECTIONS, BILLING_INDEXES } from './collections';
import billingService from './billing-service';
import invoicesRepository from './invoices-repository';
import reconciliationJob from './reconciliation-job';
import sandboxRoutes from './sandbox-routes';
import subscriptionRoutes from './subscription-routes';
import subscriptionsRepository from './subscriptions-repository';
import webhookRoutes from './webhook-routes';

export const billingModule: ApiModule = {
  name: 'billing',
  collections: BILLING_COLLECTIONS,
  indexes: BILLING_INDEXES,
  repositories: [subscriptionsRepository, invoicesRepository],
  services: [billingService, reconciliationJob],
  routes: [
    { prefix: '/sandbox', plugin: sandboxRoutes },
    { prefix: '/subscriptions', plugin: subscriptionRoutes },
    { prefix: '/webhooks', plugin: webhookRoutes },
  ],
};
