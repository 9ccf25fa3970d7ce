import { PageLayout } from '@clube/platform';

export function CancelSubscriptionPage() {
  return <PageLayout title="Cancelar assinatura" description="Conte-nos o motivo antes de confirmar o cancelamento." />;
}
