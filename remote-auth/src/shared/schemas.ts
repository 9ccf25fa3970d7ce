import * as z from 'zod/mini';
import type { $RefinementCtx } from 'zod/v4/core';

/** Firebase refuses shorter passwords; checking here spares a round trip. */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Each field shows the first message that applies (react-hook-form keeps the first issue of a field).

/** The e-mail, trimmed. */
export const emailSchema = z.string().check(z.trim(), z.minLength(1, 'Informe seu e-mail.'), z.regex(EMAIL_PATTERN, 'Informe um e-mail válido, como nome@exemplo.com.'));

export const newPasswordSchema = z.string().check(z.minLength(1, 'Crie uma senha.'), z.minLength(MIN_PASSWORD_LENGTH, `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`));

export const nameSchema = z.string().check(z.trim(), z.minLength(MIN_NAME_LENGTH, `Informe seu nome completo (pelo menos ${MIN_NAME_LENGTH} letras).`));

/** A new password and its confirmation, as sign-up, reset and change-password ask for them. */
export const newPasswordFields = { password: newPasswordSchema, confirmation: z.string().check(z.minLength(1, 'Repita a senha para confirmar.')) };

/** The confirmation must repeat the password (checked once both fields have their own checks). */
export const confirmationMatches = z.superRefine((values: { password: string; confirmation: string }, context: $RefinementCtx) => {
  if (values.confirmation && values.confirmation !== values.password) {
    context.issues.push({ code: 'custom', path: ['confirmation'], message: 'As senhas não são iguais.', input: values.confirmation });
  }
});
