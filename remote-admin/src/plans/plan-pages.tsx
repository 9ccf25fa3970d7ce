import { PageLayout } from '@clube/platform';
import { useParams } from 'react-router-dom';

export function PlansAdminPage() {
  return <PageLayout title="Planos" description="Apresentação, créditos e disponibilidade dos planos." />;
}

export function PlanEditPage() {
  const { id } = useParams();
  return <PageLayout title="Editar plano" description={`Plano ${id ?? ''}`} />;
}
