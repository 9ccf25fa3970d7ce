import { CheckboxField, TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { LOGIN_PATH, safeRedirect, useAuth, withRedirect } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import * as z from 'zod/mini';
import { AuthScreen } from '../shared/auth-screen';
import { NewPasswordFields } from '../shared/new-password-fields';
import { confirmationMatches, emailSchema, nameSchema, newPasswordFields } from '../shared/schemas';
import { acceptanceOf, legalQueryOptions } from './api/get-legal';
import { withEmail } from '../shared/with-email';

const signUpSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    ...newPasswordFields,
    acceptLegal: z.boolean().check(z.refine((accepted) => accepted, { error: 'Para criar a conta, aceite os termos de uso e a política de privacidade.' })),
  })
  .check(confirmationMatches);

/** The links open in a new tab: reading the terms does not lose what was typed. */
function LegalLinks() {
  return (
    <>
      Leia os{' '}
      <Link to="/termos-de-uso" target="_blank" rel="noopener">
        Termos de uso
      </Link>{' '}
      e a{' '}
      <Link to="/politica-de-privacidade" target="_blank" rel="noopener">
        Política de privacidade
      </Link>{' '}
      (abrem em outra aba).
    </>
  );
}

/**
 * `/autenticacao/registro`. signUp creates the account and the profile, with the consent to the
 * terms and the privacy policy (the versions in force, recorded with the date); the Guard then
 * sends the member on. `?email=` fills the e-mail (an invitation's link).
 */
export function SignUpPage() {
  const { actions } = useAuth();
  const api = useApi();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const redirect = safeRedirect(search, '');
  const invited = redirect.startsWith('/equipe/convite/');
  const email = new URLSearchParams(search).get('email') ?? '';
  const form = useZodForm(signUpSchema, { defaultValues: { name: '', email, password: '', confirmation: '', acceptLegal: false } });

  async function onSubmit({ name, email, password }: z.infer<typeof signUpSchema>) {
    const legal = await queryClient.fetchQuery(legalQueryOptions(api));
    await actions.signUp(name, email, password, acceptanceOf(legal));
  }

  return (
    <AuthScreen
      title="Criar conta"
      description={invited ? 'Crie sua conta com o e-mail convidado para entrar na equipe do laboratório.' : 'Cadastre-se para acessar vídeos e conteúdos do Clube.'}
    >
      <Form form={form} onSubmit={onSubmit}>
        <FormAlert />
        <TextField label="Nome completo" name="name" autoComplete="name" maxLength={120} />
        <TextField label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" />
        <NewPasswordFields label="Senha" />
        <CheckboxField label="Li e aceito os Termos de uso e a Política de privacidade" name="acceptLegal" hint={<LegalLinks />} />
        <SubmitButton busyAfterSuccess>Criar conta</SubmitButton>
        <div className="auth-form__links">
          <span>
            Já tem conta? <Link to={withEmail(withRedirect(LOGIN_PATH, redirect), email)}>Entrar</Link>
          </span>
        </div>
      </Form>
    </AuthScreen>
  );
}
