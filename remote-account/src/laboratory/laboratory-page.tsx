import { LaboratoryForm } from '@clube/kit/laboratory/laboratory-form';
import { Card, PageLayout, toast, useAuth, type Laboratory } from '@clube/platform';
import '../shared/account.css';
import { useUpdateLaboratory } from './api/update-laboratory';

/** `/usuario/laboratorio`: onboarding's laboratory form, pre-filled with what the profile holds. */
export function LaboratoryPage() {
  const { profile } = useAuth();
  const save = useUpdateLaboratory();

  async function onSubmit(laboratory: Laboratory) {
    await save.mutateAsync(laboratory);
    toast({ variant: 'success', title: 'Laboratório atualizado.', description: 'Os dados do laboratório foram salvos.', duration: 5000 });
  }

  return (
    <PageLayout title="Meu laboratório" description="Dados do seu laboratório: CNPJ, telefone e endereço.">
      <div className="account-stack">
        <Card>{profile && <LaboratoryForm key={profile._id} laboratory={profile.laboratory} onSubmit={onSubmit} submitLabel="Salvar alterações" />}</Card>
      </div>
    </PageLayout>
  );
}
