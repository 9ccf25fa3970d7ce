import { PageLayout } from '@clube/platform';

export function CheckoutPage() {
  return <PageLayout title="Assinar plano" description="Revise o plano e pague com PIX." />;
}
