import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { LabelledField, useFieldIds, type FieldTextProps } from './field';

export interface TextareaProps extends FieldTextProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ label, hint, error, id, className, ...rest }, ref) {
  const ids = useFieldIds(id, hint, error);
  return (
    <LabelledField label={label} hint={hint} error={error} className={className} ids={ids}>
      <textarea {...rest} {...ids.controlAria} ref={ref} id={ids.controlId} className="clube-textarea" />
    </LabelledField>
  );
});
