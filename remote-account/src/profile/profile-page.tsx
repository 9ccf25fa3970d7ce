import { PageLayout } from '@clube/platform';

export function ProfilePage() {
  return <PageLayout title="Meu perfil" description="Seus dados de acesso ao Clube." />;
}
