import { Input, type InputProps } from '@clube/platform';
import { useEffect } from 'react';
import { get, useFormContext, useFormState, type FieldError, type RegisterOptions } from 'react-hook-form';
import { Checkbox, Switch, type CheckboxProps } from '../ui/checkbox';
import { DateInput, type DateInputProps } from '../ui/date-input';
import { RadioGroup, type RadioGroupProps } from '../ui/radio-group';
import { Select, type SelectProps } from '../ui/select';
import { Textarea, type TextareaProps } from '../ui/textarea';

/** The error message react-hook-form holds for a field (nested names like `address.cep` too). */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as FieldError | undefined)?.message;
}

/** The form's message for a value with no control of its own (an upload's hidden reference, a list of rows); nothing when valid. */
export function FieldErrorMessage({ name }: { name: string }) {
  const message = useFieldError(name);
  return message ? (
    <p className="clube-input__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A field's own props, minus what the form provides; `registerOptions` adds onChange/onBlur side effects. */
export type Registered<P> = Omit<P, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & { name: string; registerOptions?: RegisterOptions };

/** Input wired to the surrounding Form: value, error, `aria-invalid`, `aria-describedby`. */
export function TextField({ name, registerOptions, ...rest }: Registered<InputProps>) {
  const { register } = useFormContext();
  return <Input {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

export function TextareaField({ name, registerOptions, ...rest }: Registered<TextareaProps>) {
  const { register } = useFormContext();
  return <Textarea {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

/**
 * A select whose options may arrive after the form's values (e.g. the categories, loaded while the
 * editor already holds the item's category): a native select cannot show a value it has no option
 * for, so when the options change the form's value is put back on it — the page then shows what the
 * form will send, not "Selecione".
 */
export function SelectField({ name, registerOptions, ...rest }: Registered<SelectProps>) {
  const { register, getValues, setValue } = useFormContext();
  const optionValues = rest.options.map((option) => option.value).join('\u0000');
  useEffect(() => {
    const current: unknown = getValues(name);
    if (typeof current === 'string' && current !== '') setValue(name, current);
  }, [optionValues, name, getValues, setValue]);
  return <Select {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

export function CheckboxField({ name, registerOptions, ...rest }: Registered<CheckboxProps>) {
  const { register } = useFormContext();
  return <Checkbox {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

export function SwitchField({ name, registerOptions, ...rest }: Registered<CheckboxProps>) {
  const { register } = useFormContext();
  return <Switch {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

export function RadioGroupField({ name, registerOptions, ...rest }: Registered<RadioGroupProps>) {
  const { register } = useFormContext();
  return <RadioGroup {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}

export function DateField({ name, registerOptions, ...rest }: Registered<DateInputProps>) {
  const { register } = useFormContext();
  return <DateInput {...rest} {...register(name, registerOptions)} error={useFieldError(name)} />;
}
