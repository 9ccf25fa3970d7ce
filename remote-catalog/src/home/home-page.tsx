import { PageLayout } from '@clube/platform';

export function HomePage() {
  return (
    <PageLayout title="Bem-vindo ao Clube" description="Vídeos e conteúdos para equipes de laboratório." />
  );
}
