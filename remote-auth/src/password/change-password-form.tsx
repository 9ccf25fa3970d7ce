import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { toast, useAuth } from '@clube/platform';
import * as z from 'zod/mini';
import { NewPasswordFields } from '../shared/new-password-fields';
import { confirmationMatches, newPasswordFields } from '../shared/schemas';

const changePasswordSchema = z.object({ current: z.string().check(z.minLength(1, 'Informe sua senha atual.')), ...newPasswordFields }).check(
  z.superRefine((values, context) => {
    if (values.password && values.password === values.current) {
      context.issues.push({ code: 'custom', path: ['password'], message: 'A nova senha precisa ser diferente da atual.', input: values.password });
    }
  }),
  confirmationMatches,
);

const EMPTY = { current: '', password: '', confirmation: '' };

/** A signed-in member changes the password, proving the current one. */
export function ChangePasswordForm() {
  const { actions } = useAuth();
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY });

  async function save({ current, password }: z.output<typeof changePasswordSchema>) {
    await actions.changePassword(current, password);
    form.reset(EMPTY);
    toast({ variant: 'success', title: 'Senha atualizada', description: 'Use a nova senha na próxima vez que entrar.', duration: 5000 });
  }

  return (
    <Form form={form} onSubmit={save}>
      <FormAlert />
      <TextField label="Senha atual" type="password" name="current" autoComplete="current-password" />
      <NewPasswordFields label="Nova senha" />
      <SubmitButton>Salvar nova senha</SubmitButton>
    </Form>
  );
}
