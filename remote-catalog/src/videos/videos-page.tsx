import { PageLayout } from '@clube/platform';

export function VideosPage() {
  return <PageLayout title="Vídeos" description="Aprenda com especialistas, por categoria." />;
}
