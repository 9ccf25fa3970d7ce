import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ownerOf } from '../remotes/ownership';
import type { LazyFirebaseIdentity } from './lazy-identity';

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * On the pages of the auth remote (login, sign-up, password…), a guest's Firebase SDK starts
 * loading at the person's first interaction (a tap, a key, focus in a field): it arrives while they
 * type, not during the page's first paint, and the submit does not wait for it.
 */
export function useIdentityWarmUp(identity: LazyFirebaseIdentity): void {
  const onAuthPage = ownerOf(useLocation().pathname) === 'auth';
  useEffect(() => {
    if (!onAuthPage) return undefined;
    const stop = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, warm, true));
    function warm() {
      stop();
      identity.warmUp();
    }
    INTERACTIONS.forEach((type) => document.addEventListener(type, warm, { capture: true, passive: true }));
    return stop;
  }, [onAuthPage, identity]);
}
