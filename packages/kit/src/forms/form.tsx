import { zodResolver } from '@hookform/resolvers/zod';
import { Button, type ButtonProps } from '@clube/platform';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useFormState, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import '../ui/kit.css';

/** The message of whatever an action rejected with; the shell and the API already give Portuguese. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Algo deu errado. Tente novamente.';
}

/**
 * react-hook-form checked by a zod schema (write schemas with `zod/mini`: 5 kB gzip instead of 22).
 * Values are checked on submit; after a refused submit,
 * each field is checked again as it changes. The first invalid field gets the focus.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options?: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
): UseFormReturn<Input, unknown, Output> {
  // Form focuses the first invalid field in the order the person sees them (react-hook-form would use registration order).
  return useForm<Input, unknown, Output>({ mode: 'onSubmit', shouldFocusError: false, ...options, resolver: zodResolver(schema) });
}

export interface FormProps<Input extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Runs with the checked values. If it rejects, its message is shown by FormAlert and every value stays. */
  onSubmit: (values: Output) => unknown;
  children: ReactNode;
  className?: string;
}

/** A `<form>` that gives its fields the form (FormProvider) and turns a failed action into FormAlert's message. */
export function Form<Input extends FieldValues, Output extends FieldValues>({ form, onSubmit, children, className }: FormProps<Input, Output>) {
  const formRef = useRef<HTMLFormElement>(null);
  // Reading `errors` subscribes this component to the submit's result (submitCount alone does not).
  const { submitCount, errors } = useFormState({ control: form.control });
  const handledSubmit = useRef(0);

  // After a refused submit, keyboard and screen-reader users land on the first field to fix, in the
  // order they see them. Once per submit: checks while typing never move the focus.
  useLayoutEffect(() => {
    if (submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, errors]);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        form.setError('root.server', { message: messageOf(error) });
      }
    },
  );
  return (
    <FormProvider {...form}>
      <form ref={formRef} className={['clube-form', className].filter(Boolean).join(' ')} noValidate onSubmit={submit}>
        {children}
      </form>
    </FormProvider>
  );
}

/** Why the last submit failed (the action's own message), announced as an alert. */
export function FormAlert({ message }: { /** Shown instead of the form's failure, e.g. a query's error. */ message?: string | null }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const text = message ?? errors.root?.server?.message;
  if (!text) return null;
  return (
    <p className="clube-form__alert" role="alert">
      {text}
    </p>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'loading'> {
  /** Stay busy after success, e.g. sign-in, where the page is replaced as soon as the session is ready. */
  busyAfterSuccess?: boolean;
}

/** The form's submit button: busy (and not pressable twice) while the submit runs. */
export function SubmitButton({ busyAfterSuccess = false, className, ...rest }: SubmitButtonProps) {
  const { control } = useFormContext();
  const { isSubmitting, isSubmitSuccessful } = useFormState({ control });
  return <Button {...rest} type="submit" className={['clube-form__submit', className].filter(Boolean).join(' ')} loading={isSubmitting || (busyAfterSuccess && isSubmitSuccessful)} />;
}

