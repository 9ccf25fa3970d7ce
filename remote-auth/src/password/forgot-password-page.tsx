import { PageLayout } from '@clube/platform';

export function ForgotPasswordPage() {
  return <PageLayout title="Esqueci minha senha" description="Enviaremos um link para você criar uma nova senha." />;
}
