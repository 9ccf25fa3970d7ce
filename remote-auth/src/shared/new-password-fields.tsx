import { Input } from '@clube/platform';
import { MIN_PASSWORD_LENGTH } from './validation';

export interface NewPasswordFieldsProps {
  /** "Senha" at sign-up, "Nova senha" when replacing one. */
  label: string;
  password: string;
  confirmation: string;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}

/** A new password and its confirmation, as sign-up, reset and change-password ask for them. */
export function NewPasswordFields({ label, password, confirmation, errors, onPasswordChange, onConfirmationChange }: NewPasswordFieldsProps) {
  return (
    <>
      <Input
        label={label}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`}
        value={password}
        error={errors.password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <Input
        label="Confirme a senha"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
      />
    </>
  );
}
