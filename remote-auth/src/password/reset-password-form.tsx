import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { LOGIN_PATH, useAuth } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { NewPasswordFields } from '../shared/new-password-fields';
import { confirmationMatches, newPasswordFields } from '../shared/schemas';

const resetPasswordSchema = z.object(newPasswordFields).check(confirmationMatches);

/** Sets a new password with the one-time code from the reset e-mail. */
export function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const { actions } = useAuth();
  const [done, setDone] = useState(false);
  const form = useZodForm(resetPasswordSchema, { defaultValues: { password: '', confirmation: '' } });

  if (done) {
    return (
      <div className="auth-form__success" role="status">
        <p>Sua senha foi atualizada. Agora é só entrar com a nova senha.</p>
        <Link className="clube-button clube-button--primary auth-form__submit" to={LOGIN_PATH}>
          Ir para o login
        </Link>
      </div>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={async ({ password }) => {
        await actions.confirmPasswordReset(oobCode, password);
        setDone(true);
      }}
    >
      <FormAlert />
      <NewPasswordFields label="Nova senha" />
      <SubmitButton>Salvar nova senha</SubmitButton>
      <div className="auth-form__links">
        <Link to="/autenticacao/esqueci-senha">Pedir um novo link</Link>
      </div>
    </Form>
  );
}
