import { PageLayout } from '@clube/platform';

export function LaboratoryPage() {
  return <PageLayout title="Meu laboratório" description="Dados do seu laboratório: CNPJ, telefone e endereço." />;
}
