import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Button, LOGIN_PATH, toast, useAuth } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { AuthScreen } from '../shared/auth-screen';
import { emailSchema } from '../shared/schemas';

const forgotPasswordSchema = z.object({ email: emailSchema });

/** `/autenticacao/esqueci-senha`. The answer never says whether the e-mail has an account. */
export function ForgotPasswordPage() {
  const { actions } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });

  async function send({ email }: z.output<typeof forgotPasswordSchema>) {
    await actions.sendPasswordReset(email);
    setSentTo(email);
    toast({ variant: 'success', title: 'E-mail enviado', description: 'Confira sua caixa de entrada.', duration: 5000 });
  }

  if (sentTo) {
    return (
      <AuthScreen title="Esqueci minha senha" description="Enviaremos um link para você criar uma nova senha.">
        <div className="auth-form__success" role="status">
          <p>
            Se existir uma conta com esse e-mail, enviamos um link para criar uma nova senha para <strong>{sentTo}</strong>. O link vale por
            pouco tempo; se não encontrar a mensagem, confira a caixa de spam.
          </p>
        </div>
        <div className="auth-form__links">
          <Link to={LOGIN_PATH}>Voltar para o login</Link>
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            Usar outro e-mail
          </Button>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Esqueci minha senha" description="Enviaremos um link para você criar uma nova senha.">
      <Form form={form} onSubmit={send}>
        <FormAlert />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" />
        <SubmitButton>Enviar link</SubmitButton>
        <div className="auth-form__links">
          <Link to={LOGIN_PATH}>Voltar para o login</Link>
        </div>
      </Form>
    </AuthScreen>
  );
}
