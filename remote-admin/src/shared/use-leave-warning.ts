import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { createElement, useEffect, useRef, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

type Pending = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

/** React Router keeps the history entry's position in `history.state.idx`. */
function indexOf(state: unknown): number | null {
  return state !== null && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : null;
}

/**
 * While a form has unsaved changes, leaving asks first:
 * - closing or reloading the tab: the browser's own `beforeunload` prompt;
 * - any in-app link (side menu, header, "← Todos…"): a click listener on `document`, in the
 *   capture phase, stops the click before the router sees it and opens "Descartar alterações?";
 * - Back / Forward: a capture `popstate` listener on `window` runs before the router's, keeps it
 *   from seeing the change, returns to this entry and asks the same.
 * The shell mounts a plain `<BrowserRouter>` (no data router, so no `useBlocker`): this is the
 * blocking that works there. Render the returned dialog somewhere in the page.
 */
export function useLeaveWarning(dirty: boolean): ReactElement {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const leaving = useRef(false);
  const here = `${location.pathname}${location.search}${location.hash}`;

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

    const onClick = (event: MouseEvent) => {
      // A new tab or window (modifier keys, middle button, target=_blank) leaves this page as it is.
      if (leaving.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // another site: beforeunload asks
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === here) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to });
    };

    const index = indexOf(window.history.state);
    let restoring = false;
    const onPopState = (event: PopStateEvent) => {
      if (leaving.current) return;
      event.stopImmediatePropagation(); // the router must not follow this change
      if (restoring) {
        restoring = false;
        return;
      }
      const target = indexOf(event.state);
      const delta = index !== null && target !== null ? index - target : 1;
      if (delta === 0) return;
      restoring = true;
      window.history.go(delta); // back to the form's entry, then ask
      setPending({ kind: 'history', delta });
    };

    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('popstate', onPopState, { capture: true });
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('popstate', onPopState, { capture: true });
    };
  }, [dirty, here]);

  function discard() {
    if (!pending) return;
    leaving.current = true;
    if (pending.kind === 'link') void navigate(pending.to);
    else window.history.go(-pending.delta);
  }

  return createElement(ConfirmDialog, {
    open: pending !== null,
    onClose: () => setPending(null),
    title: 'Descartar alterações?',
    message: 'Há alterações neste formulário que ainda não foram salvas. Se sair agora, elas se perdem.',
    confirmLabel: 'Descartar e sair',
    cancelLabel: 'Continuar editando',
    tone: 'danger',
    onConfirm: discard,
  });
}
