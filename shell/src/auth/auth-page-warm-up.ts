import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ownerOf } from '../remotes/ownership';

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Whether the page is one of the auth remote's (login, sign-up, password…, onboarding). */
export function useOnAuthPage(): boolean {
  return ownerOf(useLocation().pathname) === 'auth';
}

/**
 * On the pages of the auth remote, what signing in needs (the Firebase SDK, the API client) starts
 * loading at the person's first interaction (a tap, a key, focus in a field): it arrives while they
 * type, not during the page's first paint, and the submit does not wait for it.
 */
export function useAuthPageWarmUp(warmUp: () => void): void {
  const onAuthPage = useOnAuthPage();
  useEffect(() => {
    if (!onAuthPage) return undefined;
    const stop = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, warm, true));
    function warm() {
      stop();
      warmUp();
    }
    INTERACTIONS.forEach((type) => document.addEventListener(type, warm, { capture: true, passive: true }));
    return stop;
  }, [onAuthPage, warmUp]);
}
