import { PageLayout } from '@clube/platform';

export function SignInPage() {
  return <PageLayout title="Entrar" description="Acesse sua conta do Clube." />;
}
