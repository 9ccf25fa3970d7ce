import { Button, LOGIN_PATH, useAuth } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { confirmationError, isValid, messageOf, newPasswordError, type FieldErrors } from '../shared/validation';
import { NewPasswordFields } from '../shared/new-password-fields';

type Field = 'password' | 'confirmation';

/** Sets a new password with the one-time code from the reset e-mail. */
export function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const { actions } = useAuth();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors<Field> = { password: newPasswordError(values.password), confirmation: confirmationError(values.password, values.confirmation) };
    setErrors(next);
    setFailure(null);
    if (!isValid(next)) return focusFirstInvalid();
    setSubmitting(true);
    try {
      await actions.confirmPasswordReset(oobCode, values.password);
      setDone(true);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSubmitting(false);
    }
  }

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
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <NewPasswordFields
        label="Nova senha"
        password={values.password}
        confirmation={values.confirmation}
        errors={errors}
        onPasswordChange={(value) => setValues((v) => ({ ...v, password: value }))}
        onConfirmationChange={(value) => setValues((v) => ({ ...v, confirmation: value }))}
      />
      <Button type="submit" className="auth-form__submit" loading={submitting}>
        Salvar nova senha
      </Button>
      <div className="auth-form__links">
        <Link to="/autenticacao/esqueci-senha">Pedir um novo link</Link>
      </div>
    </form>
  );
}
