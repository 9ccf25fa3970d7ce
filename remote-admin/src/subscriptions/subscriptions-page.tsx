import { PageLayout } from '@clube/platform';

export function SubscriptionsAdminPage() {
  return <PageLayout title="Assinaturas" description="Assinaturas dos membros, por plano e situação." />;
}
