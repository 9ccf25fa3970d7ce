import { Button, Input, LOGIN_PATH, safeRedirect, useAuth, withRedirect } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthScreen } from '../shared/auth-screen';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { confirmationError, emailError, isValid, messageOf, nameError, newPasswordError, type FieldErrors } from '../shared/validation';
import { NewPasswordFields } from '../shared/new-password-fields';

type Field = 'name' | 'email' | 'password' | 'confirmation';

/** `/autenticacao/registro`. signUp creates the account and the profile; the Guard then sends the member to onboarding. */
export function SignUpPage() {
  const { actions } = useAuth();
  const { search } = useLocation();
  const redirect = safeRedirect(search, '');
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const change = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors<Field> = {
      name: nameError(values.name),
      email: emailError(values.email),
      password: newPasswordError(values.password),
      confirmation: confirmationError(values.password, values.confirmation),
    };
    setErrors(next);
    setFailure(null);
    if (!isValid(next)) return focusFirstInvalid();
    setSubmitting(true);
    try {
      await actions.signUp(values.name.trim(), values.email.trim(), values.password);
    } catch (error) {
      setFailure(messageOf(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthScreen title="Criar conta" description="Cadastre-se para acessar vídeos e conteúdos do Clube.">
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={failure} />
        <Input label="Nome completo" name="name" autoComplete="name" maxLength={120} value={values.name} error={errors.name} onChange={change('name')} />
        <Input label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={change('email')} />
        <NewPasswordFields
          label="Senha"
          password={values.password}
          confirmation={values.confirmation}
          errors={errors}
          onPasswordChange={(value) => setValues((v) => ({ ...v, password: value }))}
          onConfirmationChange={(value) => setValues((v) => ({ ...v, confirmation: value }))}
        />
        <Button type="submit" className="auth-form__submit" loading={submitting}>
          Criar conta
        </Button>
        <div className="auth-form__links">
          <span>
            Já tem conta? <Link to={withRedirect(LOGIN_PATH, redirect)}>Entrar</Link>
          </span>
        </div>
      </form>
    </AuthScreen>
  );
}
