import { Input, type InputProps } from '@clube/platform';

/** Seats a subscription may have (the API takes 1 to 100); 2 or more make a laboratory account. */
export const MAX_SEATS = 100;

/** A number of seats as a person types it: whole numbers from 1 to MAX_SEATS (the page checks the text). */
export function SeatsInput(props: Omit<InputProps, 'type' | 'inputMode' | 'min' | 'max' | 'step'>) {
  return <Input type="number" inputMode="numeric" min={1} max={MAX_SEATS} step={1} {...props} />;
}
