import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldMessages, useFieldIds, type FieldTextProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldTextProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** The empty first option ("Selecione"); omit it for a select that always has a value. */
  placeholder?: string;
}

/** A native select (the phone's own picker on mobile), labelled and announced like Input. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, hint, error, options, placeholder, id, className, ...rest }, ref) {
  const { controlId, hintId, errorId, controlAria } = useFieldIds(id, hint, error);
  return (
    <div className={['clube-input', className].filter(Boolean).join(' ')}>
      <label className="clube-input__label" htmlFor={controlId}>
        {label}
      </label>
      <select {...rest} {...controlAria} ref={ref} id={controlId} className="clube-select">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
