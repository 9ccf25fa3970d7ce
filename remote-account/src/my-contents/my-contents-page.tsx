import { PageLayout } from '@clube/platform';

export function MyContentsPage() {
  return <PageLayout title="Meus conteúdos" description="Os conteúdos que você desbloqueou." />;
}
