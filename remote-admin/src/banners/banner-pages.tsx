import { PageLayout } from '@clube/platform';
import { useParams } from 'react-router-dom';

export function BannersPage() {
  return <PageLayout title="Banners" description="Destaques da página inicial." />;
}

export function BannerNewPage() {
  return <PageLayout title="Novo banner" />;
}

export function BannerEditPage() {
  const { id } = useParams();
  return <PageLayout title="Editar banner" description={`Banner ${id ?? ''}`} />;
}
