import { forwardRef, type SelectHTMLAttributes } from 'react';
import { LabelledField, useFieldIds, type FieldTextProps } from './field';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <LabelledField label={label} hint={hint} error={error} className={className} ids={ids}>
      <select {...rest} {...ids.controlAria} ref={ref} id={ids.controlId} className="clube-select">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
});
