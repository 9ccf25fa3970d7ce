import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { FieldMessages, type FieldTextProps } from './field';
import type { SelectOption } from './select';

export interface RadioGroupProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  name: string;
  options: readonly SelectOption[];
  /** Controlled use; with react-hook-form's `register` leave it out. */
  value?: string;
}

/**
 * Radios in a fieldset whose legend is the label. Every radio gets the same props, so
 * `{...register('field')}` (or value + onChange) works for the whole group.
 */
export const RadioGroup = forwardRef<HTMLInputElement, RadioGroupProps>(function RadioGroup({ label, hint, error, options, value, className, ...rest }, ref) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={['clube-radio-group', className].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : hint ? hintId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      <div className="clube-radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="clube-check__row">
            <input
              {...rest}
              ref={ref}
              type="radio"
              value={option.value}
              disabled={rest.disabled || option.disabled}
              {...(value !== undefined ? { checked: value === option.value } : {})}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
});
