import { PageLayout } from '@clube/platform';

export function UsersPage() {
  return <PageLayout title="Usuários" description="Membros e administradores do Clube." />;
}
