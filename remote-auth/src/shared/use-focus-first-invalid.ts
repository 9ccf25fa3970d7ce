import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, moves focus to the first invalid field so keyboard and screen-reader
 * users land on what to fix. Focus waits for the commit that marks the fields invalid.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);

  return { formRef, focusFirstInvalid: () => setRequest((n) => n + 1) };
}
