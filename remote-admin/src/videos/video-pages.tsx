import { PageLayout } from '@clube/platform';
import { useParams } from 'react-router-dom';

export function VideosAdminPage() {
  return <PageLayout title="Vídeos" description="Vídeos do catálogo." />;
}

export function VideoNewPage() {
  return <PageLayout title="Novo vídeo" />;
}

export function VideoEditPage() {
  const { id } = useParams();
  return <PageLayout title="Editar vídeo" description={`Vídeo ${id ?? ''}`} />;
}
