import { PageLayout } from '@clube/platform';

export function SuggestionsPage() {
  return <PageLayout title="Sugestões" description="O que os membros pediram." />;
}
