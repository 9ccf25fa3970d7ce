import { Button, Input, toast, useAuth } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { confirmationError, isValid, messageOf, newPasswordError, type FieldErrors } from '../shared/validation';
import { NewPasswordFields } from '../shared/new-password-fields';

type Field = 'current' | 'password' | 'confirmation';

const EMPTY: Record<Field, string> = { current: '', password: '', confirmation: '' };

/** A signed-in member changes the password, proving the current one. */
export function ChangePasswordForm() {
  const { actions } = useAuth();
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const change = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors<Field> = {
      current: values.current ? undefined : 'Informe sua senha atual.',
      password: newPasswordError(values.password) ?? (values.password === values.current ? 'A nova senha precisa ser diferente da atual.' : undefined),
      confirmation: confirmationError(values.password, values.confirmation),
    };
    setErrors(next);
    setFailure(null);
    if (!isValid(next)) return focusFirstInvalid();
    setSubmitting(true);
    try {
      await actions.changePassword(values.current, values.password);
      setValues(EMPTY);
      toast({ variant: 'success', title: 'Senha atualizada', description: 'Use a nova senha na próxima vez que entrar.', duration: 5000 });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <Input label="Senha atual" type="password" name="current-password" autoComplete="current-password" value={values.current} error={errors.current} onChange={change('current')} />
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
    </form>
  );
}
