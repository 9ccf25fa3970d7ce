import { PageLayout } from '@clube/platform';

export function OnboardingPage() {
  return <PageLayout title="Dados do laboratório" description="Conte-nos sobre o seu laboratório para começar." />;
}
