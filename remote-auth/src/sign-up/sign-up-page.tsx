import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { LOGIN_PATH, safeRedirect, useAuth, withRedirect } from '@clube/platform';
import { Link, useLocation } from 'react-router-dom';
import * as z from 'zod/mini';
import { AuthScreen } from '../shared/auth-screen';
import { NewPasswordFields } from '../shared/new-password-fields';
import { confirmationMatches, emailSchema, nameSchema, newPasswordFields } from '../shared/schemas';

const signUpSchema = z.object({ name: nameSchema, email: emailSchema, ...newPasswordFields }).check(confirmationMatches);

/** `/autenticacao/registro`. signUp creates the account and the profile; the Guard then sends the member to onboarding. */
export function SignUpPage() {
  const { actions } = useAuth();
  const { search } = useLocation();
  const redirect = safeRedirect(search, '');
  const form = useZodForm(signUpSchema, { defaultValues: { name: '', email: '', password: '', confirmation: '' } });

  return (
    <AuthScreen title="Criar conta" description="Cadastre-se para acessar vídeos e conteúdos do Clube.">
      <Form form={form} onSubmit={({ name, email, password }) => actions.signUp(name, email, password)}>
        <FormAlert />
        <TextField label="Nome completo" name="name" autoComplete="name" maxLength={120} />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" />
        <NewPasswordFields label="Senha" />
        <SubmitButton busyAfterSuccess>Criar conta</SubmitButton>
        <div className="auth-form__links">
          <span>
            Já tem conta? <Link to={withRedirect(LOGIN_PATH, redirect)}>Entrar</Link>
          </span>
        </div>
      </Form>
    </AuthScreen>
  );
}
