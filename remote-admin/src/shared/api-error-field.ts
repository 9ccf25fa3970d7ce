import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Puts the API's refusal next to the field it concerns: by the error's code (e.g. SLUG_TAKEN →
 * slug) or by the field the API's validation message names ("O campo \"creditCost\" …").
 * Answers false when it names none (then the form's alert shows the message).
 */
export function showApiErrorOnField<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
  fields: readonly Path<T>[],
  codes: Partial<Record<string, Path<T>>> = {},
  /** The API's names for fields the form calls otherwise (`durationSeconds` → `duration`). */
  aliases: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  const byCode = typeof code === 'string' ? codes[code] : undefined;
  const names = (name: string) => error.message.includes(`"${name}"`) || error.message.includes(`"${name}.`) || error.message.includes(`"${name}/`);
  const named = fields.find(names) ?? Object.entries(aliases).find(([name]) => names(name))?.[1];
  const field = byCode ?? named;
  if (!field) return false;
  form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
