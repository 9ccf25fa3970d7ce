import { PageLayout } from '@clube/platform';

export function SubscriptionPage() {
  return <PageLayout title="Minha assinatura" description="Seu plano, faturas e pagamento por PIX." />;
}
