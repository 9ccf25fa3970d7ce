import { Button, Input, safeRedirect, useAuth, withRedirect } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthScreen } from '../shared/auth-screen';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { emailError, isValid, messageOf, type FieldErrors } from '../shared/validation';

type Field = 'email' | 'password';

/** `/autenticacao/login`. After signing in, the guest Guard takes the member on to `?redirect=`. */
export function SignInPage() {
  const { actions } = useAuth();
  const { search } = useLocation();
  const redirect = safeRedirect(search, '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors<Field> = { email: emailError(email), password: password ? undefined : 'Informe sua senha.' };
    setErrors(next);
    setFailure(null);
    if (!isValid(next)) return focusFirstInvalid();
    setSubmitting(true);
    try {
      await actions.signIn(email.trim(), password);
      // Stay busy: the Guard replaces this page as soon as the session is ready.
    } catch (error) {
      setFailure(messageOf(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthScreen title="Entrar" description="Acesse sua conta do Clube.">
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={failure} />
        <Input label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <Input label="Senha" type="password" name="password" autoComplete="current-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" className="auth-form__submit" loading={submitting}>
          Entrar
        </Button>
        <div className="auth-form__links">
          <Link to="/autenticacao/esqueci-senha">Esqueci minha senha</Link>
          <span>
            Ainda não tem conta? <Link to={withRedirect('/autenticacao/registro', redirect)}>Criar conta</Link>
          </span>
        </div>
      </form>
    </AuthScreen>
  );
}
