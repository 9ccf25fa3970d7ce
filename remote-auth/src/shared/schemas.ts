import { z } from 'zod';

/** Firebase refuses shorter passwords; checking here spares a round trip. */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Each field shows the first message that applies (react-hook-form keeps the first issue of a field).

/** The e-mail, trimmed. */
export const emailSchema = z.string().trim().min(1, 'Informe seu e-mail.').regex(EMAIL_PATTERN, 'Informe um e-mail válido, como nome@exemplo.com.');

export const newPasswordSchema = z
  .string()
  .min(1, 'Crie uma senha.')
  .min(MIN_PASSWORD_LENGTH, `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`);

export const nameSchema = z.string().trim().min(MIN_NAME_LENGTH, `Informe seu nome completo (pelo menos ${MIN_NAME_LENGTH} letras).`);

/** A new password and its confirmation, as sign-up, reset and change-password ask for them. */
export const newPasswordFields = { password: newPasswordSchema, confirmation: z.string().min(1, 'Repita a senha para confirmar.') };

/** The confirmation must repeat the password (checked once both fields have their own checks). */
export function confirmationMatches(values: { password: string; confirmation: string }, context: z.RefinementCtx) {
  if (values.confirmation && values.confirmation !== values.password) {
    context.addIssue({ code: 'custom', path: ['confirmation'], message: 'As senhas não são iguais.' });
  }
}
