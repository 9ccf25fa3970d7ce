import { useId, type ReactNode } from 'react';
import './kit.css';

/** What every labelled control shares with the platform's Input: a hint, or an error in its place. */
export interface FieldTextProps {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/**
 * Ids for a control and its messages, and the `aria-*` that tie them together, so a screen reader
 * reads the hint or the error with the field.
 */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, controlAria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

/** The hint (when there is no error) or the error, styled like the platform's Input. */
export function FieldMessages({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string; hintId: string; errorId: string }) {
  return (
    <>
      {hint && !error && (
        <span id={hintId} className="clube-input__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="clube-input__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** A control with its label above and its hint or error below, laid out like the platform's Input. */
export function LabelledField({ label, hint, error, className, ids, children }: FieldTextProps & { className?: string; ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={['clube-input', className].filter(Boolean).join(' ')}>
      <label className="clube-input__label" htmlFor={ids.controlId}>
        {label}
      </label>
      {children}
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
