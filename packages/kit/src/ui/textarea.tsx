import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldMessages, useFieldIds, type FieldTextProps } from './field';

export interface TextareaProps extends FieldTextProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ label, hint, error, id, className, ...rest }, ref) {
  const { controlId, hintId, errorId, controlAria } = useFieldIds(id, hint, error);
  return (
    <div className={['clube-input', className].filter(Boolean).join(' ')}>
      <label className="clube-input__label" htmlFor={controlId}>
        {label}
      </label>
      <textarea {...rest} {...controlAria} ref={ref} id={controlId} className="clube-textarea" />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
