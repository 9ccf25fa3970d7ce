import { Button, Input, LOGIN_PATH, toast, useAuth } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthScreen } from '../shared/auth-screen';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { emailError, messageOf } from '../shared/validation';

/** `/autenticacao/esqueci-senha`. The answer never says whether the e-mail has an account. */
export function ForgotPasswordPage() {
  const { actions } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    setFailure(null);
    if (invalid) return focusFirstInvalid();
    setSubmitting(true);
    try {
      await actions.sendPasswordReset(email.trim());
      setSentTo(email.trim());
      toast({ variant: 'success', title: 'E-mail enviado', description: 'Confira sua caixa de entrada.', duration: 5000 });
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setSubmitting(false);
    }
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
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={failure} />
        <Input label="E-mail" type="email" name="email" autoComplete="email" inputMode="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" className="auth-form__submit" loading={submitting}>
          Enviar link
        </Button>
        <div className="auth-form__links">
          <Link to={LOGIN_PATH}>Voltar para o login</Link>
        </div>
      </form>
    </AuthScreen>
  );
}
