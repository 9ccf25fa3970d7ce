import { PageLayout } from '@clube/platform';

export function MyVideosPage() {
  return <PageLayout title="Meus vídeos" description="Os vídeos que você desbloqueou ou está assistindo." />;
}
