import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { safeRedirect, useAuth, withRedirect } from '@clube/platform';
import { Link, useLocation } from 'react-router-dom';
import * as z from 'zod/mini';
import { AuthScreen } from '../shared/auth-screen';
import { emailSchema } from '../shared/schemas';
import { withEmail } from '../shared/with-email';

const signInSchema = z.object({ email: emailSchema, password: z.string().check(z.minLength(1, 'Informe sua senha.')) });

/** `/autenticacao/login`. The guest Guard sends the member on (to `?redirect=`) once signed in; `?email=` fills the e-mail. */
export function SignInPage() {
  const { actions } = useAuth();
  const { search } = useLocation();
  const redirect = safeRedirect(search, '');
  const email = new URLSearchParams(search).get('email') ?? '';
  const form = useZodForm(signInSchema, { defaultValues: { email, password: '' } });

  return (
    <AuthScreen title="Entrar" description="Acesse sua conta do Clube.">
      <Form form={form} onSubmit={({ email, password }) => actions.signIn(email, password)}>
        <FormAlert />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" />
        <TextField label="Senha" type="password" name="password" autoComplete="current-password" />
        {/* Stays busy after success: the Guard replaces this page as soon as the session is ready. */}
        <SubmitButton busyAfterSuccess>Entrar</SubmitButton>
        <div className="auth-form__links">
          <Link to="/autenticacao/esqueci-senha">Esqueci minha senha</Link>
          <span>
            Ainda não tem conta? <Link to={withEmail(withRedirect('/autenticacao/registro', redirect), email)}>Criar conta</Link>
          </span>
        </div>
      </Form>
    </AuthScreen>
  );
}
