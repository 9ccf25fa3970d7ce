import { PageLayout } from '@clube/platform';

export function PlansPage() {
  return <PageLayout title="Planos" description="Escolha o plano ideal para a sua equipe." />;
}
