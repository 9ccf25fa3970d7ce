import { PageLayout } from '@clube/platform';

export function UpdatePasswordPage() {
  return <PageLayout title="Atualizar senha" description="Escolha uma nova senha para sua conta." />;
}
