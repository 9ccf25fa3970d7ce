import { Input, type InputProps } from '@clube/platform';
import { useMask, type MaskOptions } from '@react-input/mask';
import { forwardRef, useCallback, useEffect, useRef, type Ref } from 'react';
import { useFormContext, useWatch, type RegisterOptions } from 'react-hook-form';
import { useFieldError } from '../forms/fields';
import { CEP_MASK, CNPJ_MASK, CPF_MASK, onlyDigits, PHONE_MASK, phoneShape } from './masks';

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export interface MaskedInputProps extends InputProps {
  mask: MaskOptions;
}

/** The platform's Input with a mask applied as the person types or pastes (caret kept in place). */
export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ mask, ...rest }, ref) {
  const maskRef = useMask(mask);
  const latestRef = useRef(ref);
  useEffect(() => {
    latestRef.current = ref;
  });
  // A stable callback: attaching the element again would make the mask re-check the value at every render.
  const attach = useCallback(
    (element: HTMLInputElement | null) => {
      maskRef.current = element as HTMLInputElement;
      assign(latestRef.current, element);
    },
    [maskRef],
  );
  return <Input {...rest} ref={attach} />;
});

type MaskedFieldProps = Omit<InputProps, 'name' | 'error' | 'value' | 'defaultValue' | 'label' | 'onChange' | 'onBlur'> & { name: string; label?: string; registerOptions?: RegisterOptions };

function useMaskedField(name: string, mask: MaskOptions, registerOptions?: RegisterOptions) {
  const { register } = useFormContext();
  return { ...register(name, registerOptions), error: useFieldError(name), mask };
}

/**
 * CNPJ, masked `00.000.000/0000-00`, numeric or alphanumeric (`12.ABC.345/01DE-35`): a keyboard with
 * letters, typed letters in upper case; check it with `cnpjSchema`.
 */
export function CnpjField({ name, label = 'CNPJ', registerOptions, ...rest }: MaskedFieldProps) {
  return (
    <MaskedInput autoCapitalize="characters" autoCorrect="off" spellCheck={false} placeholder="00.000.000/0000-00" {...rest} label={label} {...useMaskedField(name, CNPJ_MASK, registerOptions)} />
  );
}

/** CPF, masked `000.000.000-00`; check it with `cpfSchema`. */
export function CpfField({ name, label = 'CPF', registerOptions, ...rest }: MaskedFieldProps) {
  return <MaskedInput inputMode="numeric" placeholder="000.000.000-00" {...rest} label={label} {...useMaskedField(name, CPF_MASK, registerOptions)} />;
}

/** Phone with DDD, landline or mobile; check it with `phoneSchema`. */
export function PhoneField({ name, label = 'Telefone', registerOptions, ...rest }: MaskedFieldProps) {
  // The shape of what is already there (a pre-filled mobile, say); typing switches it as needed.
  const value: unknown = useWatch({ name });
  const mask = { ...PHONE_MASK, mask: phoneShape(onlyDigits(typeof value === 'string' ? value : '').length) };
  return <MaskedInput type="tel" autoComplete="tel-national" inputMode="tel" placeholder="(11) 3456-7890" {...rest} label={label} {...useMaskedField(name, mask, registerOptions)} />;
}

/** CEP, masked `00000-000`, without the address lookup (LaboratoryForm adds it). */
export function CepField({ name, label = 'CEP', registerOptions, ...rest }: MaskedFieldProps) {
  return <MaskedInput inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" {...rest} label={label} {...useMaskedField(name, CEP_MASK, registerOptions)} />;
}
