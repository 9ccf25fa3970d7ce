import { PageLayout } from '@clube/platform';

export function SignUpPage() {
  return <PageLayout title="Criar conta" description="Cadastre-se para acessar vídeos e conteúdos do Clube." />;
}
