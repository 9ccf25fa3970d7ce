import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { createElement, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Marks the extra history entry that catches Back while a form has unsaved changes. */
const GUARD = 'clubeLeaveGuard';

function isGuard(state: unknown): boolean {
  return state !== null && typeof state === 'object' && GUARD in state;
}

/** React Router keeps the entry's position in `history.state.idx`; the guard entry is one further. */
function guardState(state: unknown): Record<string, unknown> {
  const current = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return { ...current, idx: typeof current.idx === 'number' ? current.idx + 1 : current.idx, [GUARD]: true };
}

function pushGuard(): void {
  if (!isGuard(window.history.state)) window.history.pushState(guardState(window.history.state), '', window.location.href);
}

/** The popstates of our own `history.back()` (taking the guard out): not the person's Back. */
const ownPops = new WeakSet<Event>();

function takeGuardOut(stillDirty: () => boolean): void {
  window.addEventListener(
    'popstate',
    (event) => {
      ownPops.add(event);
      if (stillDirty()) pushGuard(); // dirty again meanwhile (or a remount): the guard goes back
    },
    { once: true },
  );
  window.history.back();
}

export interface LeaveWarning {
  /** "Descartar alterações?": render it somewhere in the page. */
  dialog: ReactElement;
  /** Leaves after a successful save, without asking and without leaving the guard entry behind. */
  navigateAway: (to: string) => void;
}

/**
 * While a form has unsaved changes, leaving asks first:
 * - closing or reloading the tab: the browser's own `beforeunload` prompt;
 * - any in-app link (side menu, header, "← Todos…"): a click listener on `document`, in the
 *   capture phase, stops the click before the router sees it and opens "Descartar alterações?";
 * - Back: as soon as the form is dirty, a copy of the current entry is pushed (same address), so
 *   Back only lands on the form's own entry — the router renders the same page, nothing is lost —
 *   and the `popstate` opens the same question. Continuing puts the copy back; discarding goes
 *   back for real. If the changes are saved or undone, the copy is taken out again.
 * The shell mounts a plain `<BrowserRouter>` (no data router, so no `useBlocker`), and its
 * `popstate` listener runs before any a page can add: this is the blocking that works there.
 */
export function useLeaveWarning(dirty: boolean): LeaveWarning {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<'link' | 'back' | null>(null);
  const target = useRef('');
  const leaving = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const here = useRef('');
  here.current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium needs it to show the prompt
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    leaving.current = false;
    pushGuard();

    const onClick = (event: MouseEvent) => {
      // A new tab or window (modifier keys, middle button, target=_blank) leaves this page as it is.
      if (leaving.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // another site: beforeunload asks
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === here.current) return;
      event.preventDefault();
      event.stopPropagation();
      target.current = to;
      setPending('link');
    };

    const onPopState = (event: PopStateEvent) => {
      if (leaving.current || isGuard(event.state) || ownPops.has(event)) return;
      setPending('back');
    };

    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('popstate', onPopState);
      // Saved or undone while still on the page: take the guard entry back out of the history.
      if (!leaving.current && isGuard(window.history.state)) takeGuardOut(() => dirtyNow.current);
    };
  }, [dirty]);

  const navigateAway = useCallback(
    (to: string) => {
      leaving.current = true;
      void navigate(to, { replace: isGuard(window.history.state) }); // the guard entry becomes the next page
    },
    [navigate],
  );

  function stay() {
    setPending(null);
    // The dialog also closes after "Descartar e sair": only a real "stay" puts the guard back.
    if (!leaving.current && pending === 'back') pushGuard();
  }

  function discard() {
    if (pending === 'link') navigateAway(target.current);
    else if (pending === 'back') {
      leaving.current = true;
      window.history.back();
    }
  }

  const dialog = createElement(ConfirmDialog, {
    open: pending !== null,
    onClose: stay,
    title: 'Descartar alterações?',
    message: 'Há alterações neste formulário que ainda não foram salvas. Se sair agora, elas se perdem.',
    confirmLabel: 'Descartar e sair',
    cancelLabel: 'Continuar editando',
    tone: 'danger',
    onConfirm: discard,
  });
  return { dialog, navigateAway };
}
