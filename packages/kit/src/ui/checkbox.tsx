import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldMessages, useFieldIds, type FieldTextProps } from './field';

export interface CheckboxProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {}

/** A checkbox with its label beside it. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, hint, error, id, className, ...rest }, ref) {
  const { controlId, hintId, errorId, controlAria } = useFieldIds(id, hint, error);
  return (
    <div className={['clube-check', className].filter(Boolean).join(' ')}>
      <label className="clube-check__row" htmlFor={controlId}>
        <input {...rest} {...controlAria} ref={ref} id={controlId} type="checkbox" />
        <span>{label}</span>
      </label>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});

/** An on/off setting that takes effect at once: a checkbox announced as a switch. */
export const Switch = forwardRef<HTMLInputElement, CheckboxProps>(function Switch({ label, hint, error, id, className, ...rest }, ref) {
  const { controlId, hintId, errorId, controlAria } = useFieldIds(id, hint, error);
  return (
    <div className={['clube-check', className].filter(Boolean).join(' ')}>
      <label className="clube-check__row" htmlFor={controlId}>
        <input {...rest} {...controlAria} ref={ref} id={controlId} type="checkbox" role="switch" className="clube-switch" />
        <span>{label}</span>
      </label>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
