import { useEffect } from 'react';

/**
 * While a form has unsaved changes, closing or reloading the tab asks first (`beforeunload`).
 * Leaving through the app's own links is not covered yet: react-router's `useBlocker` needs a data
 * router, and the shell mounts a plain `<BrowserRouter>`.
 */
export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium needs it to show the prompt
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
