import { LaboratoryForm } from '@clube/kit/laboratory/laboratory-form';
import { toast, useAuth, type Laboratory } from '@clube/platform';
import { AuthScreen } from '../shared/auth-screen';
import { useCompleteOnboarding } from './api/complete-onboarding';

/** `/onboarding`: the laboratory's data, the address filled from the CEP when BrasilAPI knows it. */
export function OnboardingPage() {
  const { profile } = useAuth();
  const save = useCompleteOnboarding();

  async function onSubmit(laboratory: Laboratory) {
    await save.mutateAsync(laboratory);
    toast({ variant: 'success', title: 'Tudo pronto!', description: 'Os dados do laboratório foram salvos.', duration: 5000 });
  }

  return (
    <AuthScreen title="Dados do laboratório" description="Conte-nos sobre o seu laboratório para começar." width="wide">
      <LaboratoryForm laboratory={profile?.laboratory} onSubmit={onSubmit} submitLabel="Salvar e continuar" />
    </AuthScreen>
  );
}
