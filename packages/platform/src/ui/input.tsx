import { forwardRef, useId, type InputHTMLAttributes } from 'react';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ label, hint, error, id, className, ...rest }, ref) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['clube-input', className].filter(Boolean).join(' ')}>
      <label className="clube-input__label" htmlFor={inputId}>
        {label}
      </label>
      <input {...rest} ref={ref} id={inputId} className="clube-input__control" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && !error && (
        <span id={`${inputId}-hint`} className="clube-input__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="clube-input__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
});
