import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { LaboratoryForm } from '@clube/kit/laboratory/laboratory-form';
import { toast, useAuth, type Laboratory } from '@clube/platform';
import * as z from 'zod/mini';
import { AuthScreen } from '../shared/auth-screen';
import { nameSchema } from '../shared/schemas';
import { useCompleteOnboarding } from './api/complete-onboarding';

const nameOnlySchema = z.object({ name: nameSchema });

/**
 * A technician joined someone else's laboratory (the invitation is accepted before onboarding):
 * the laboratory is the manager's, so only their name is asked — it goes on their certificates.
 */
function TechnicianOnboarding({ laboratoryName }: { laboratoryName: string }) {
  const { profile } = useAuth();
  const save = useCompleteOnboarding();
  const form = useZodForm(nameOnlySchema, { defaultValues: { name: profile?.name ?? '' } });

  async function onSubmit({ name }: z.infer<typeof nameOnlySchema>) {
    await save.mutateAsync({ name: name.trim() });
    toast({ variant: 'success', title: 'Tudo pronto!', description: `Bem-vindo à equipe do ${laboratoryName}.`, duration: 5000 });
  }

  return (
    <AuthScreen title="Seu nome" description={`Você faz parte da equipe do ${laboratoryName}. Confirme seu nome como deve aparecer nos certificados.`}>
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField label="Nome completo" name="name" autoComplete="name" maxLength={120} />
        <SubmitButton busyAfterSuccess>Salvar e continuar</SubmitButton>
      </Form>
    </AuthScreen>
  );
}

/** `/onboarding`: the laboratory's data (the address filled from the CEP when BrasilAPI knows it); a technician on a team is asked only their name. */
export function OnboardingPage() {
  const { profile } = useAuth();
  const save = useCompleteOnboarding();

  if (profile?.team?.role === 'TECHNICIAN') return <TechnicianOnboarding laboratoryName={profile.team.laboratoryName} />;

  async function onSubmit(laboratory: Laboratory) {
    await save.mutateAsync({ laboratory });
    toast({ variant: 'success', title: 'Tudo pronto!', description: 'Os dados do laboratório foram salvos.', duration: 5000 });
  }

  return (
    <AuthScreen title="Dados do laboratório" description="Conte-nos sobre o seu laboratório para começar." width="wide">
      <LaboratoryForm laboratory={profile?.laboratory} onSubmit={onSubmit} submitLabel="Salvar e continuar" />
    </AuthScreen>
  );
}
