import { Input, type InputProps } from '@clube/platform';
import { forwardRef } from 'react';

export interface DateInputProps extends Omit<InputProps, 'type'> {
  /** `date` (DD/MM/AAAA in a pt-BR browser), `time` or `datetime-local`. Values are ISO (`2026-11-22`, `14:30`). */
  kind?: 'date' | 'time' | 'datetime-local';
}

/** The browser's own date or time picker, labelled like every field. */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ kind = 'date', ...rest }, ref) {
  return <Input {...rest} ref={ref} type={kind} />;
});
