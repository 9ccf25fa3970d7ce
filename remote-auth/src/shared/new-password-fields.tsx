import { TextField } from '@clube/kit/forms/fields';
import { MIN_PASSWORD_LENGTH } from './schemas';

/** A new password (`password`) and its confirmation (`confirmation`), inside a kit Form. */
export function NewPasswordFields({ label }: { /** "Senha" at sign-up, "Nova senha" when replacing one. */ label: string }) {
  return (
    <>
      <TextField label={label} type="password" name="password" autoComplete="new-password" hint={`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`} />
      <TextField label="Confirme a senha" type="password" name="confirmation" autoComplete="new-password" />
    </>
  );
}
