/** Firebase refuses shorter passwords; checking here spares a round trip. */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Informe seu e-mail.';
  return EMAIL_PATTERN.test(value) ? undefined : 'Informe um e-mail válido, como nome@exemplo.com.';
}

export function newPasswordError(password: string): string | undefined {
  if (!password) return 'Crie uma senha.';
  return password.length >= MIN_PASSWORD_LENGTH ? undefined : `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;
}

export function confirmationError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Repita a senha para confirmar.';
  return confirmation === password ? undefined : 'As senhas não são iguais.';
}

export function nameError(name: string): string | undefined {
  return name.trim().length >= MIN_NAME_LENGTH ? undefined : `Informe seu nome completo (pelo menos ${MIN_NAME_LENGTH} letras).`;
}

/** True when no field has an error. */
export function isValid<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).every((message) => !message);
}

/** The message of whatever an action rejected with; the shell and the API already give Portuguese. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Algo deu errado. Tente novamente.';
}
