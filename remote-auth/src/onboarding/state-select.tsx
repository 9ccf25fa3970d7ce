import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import { BRAZILIAN_STATES } from './brazilian-states';

export interface StateSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string;
}

/** "Estado": the 27 UFs, styled and announced like the kit's Input. */
export const StateSelect = forwardRef<HTMLSelectElement, StateSelectProps>(function StateSelect({ error, ...rest }, ref) {
  const id = useId();
  return (
    <div className="clube-input">
      <label className="clube-input__label" htmlFor={id}>
        Estado
      </label>
      <select {...rest} ref={ref} id={id} className="auth-form__select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Selecione</option>
        {BRAZILIAN_STATES.map(({ uf, name }) => (
          <option key={uf} value={uf}>
            {name} ({uf})
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="clube-input__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
});
