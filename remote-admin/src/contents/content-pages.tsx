import { PageLayout } from '@clube/platform';
import { useParams } from 'react-router-dom';

export function ContentsPage() {
  return <PageLayout title="Conteúdos" description="Artigos, materiais e arquivos do catálogo." />;
}

export function ContentNewPage() {
  return <PageLayout title="Novo conteúdo" />;
}

export function ContentEditPage() {
  const { id } = useParams();
  return <PageLayout title="Editar conteúdo" description={`Conteúdo ${id ?? ''}`} />;
}
