import { ErrorState, Spinner } from '@clube/platform';
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadedRemote, loadRemoteRoutes, RemoteLoadError } from './load-remote';
import { areaOf, type RemoteName } from './ownership';

function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <main className="clube-page" data-remote-error={remote}>
      <ErrorState
        title="Esta área está indisponível no momento"
        message={`Não conseguimos carregar ${areaOf(remote)}. O restante do Clube continua funcionando.`}
        onRetry={onRetry}
      />
    </main>
  );
}

type AreaState = { status: 'loading' } | { status: 'ready'; Routes: ComponentType } | { status: 'failed' };

/** A remote reloads its entry by itself at most once in this window (no loop on a broken remote). */
export const AUTO_RELOAD_WINDOW_MS = 30000;
const lastAutoReload = new Map<RemoteName, number>();

/**
 * Whether a failure looks like a stale build (a chunk that is gone after a redeploy, or an entry
 * that failed to load) that reloading the remote's entry may fix. A timeout is not retried: the
 * person would wait twice as long for the retry message.
 */
function isReloadable(error: unknown): boolean {
  if (error instanceof RemoteLoadError) return error.reason === 'failed';
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk .* failed/i.test(error.message));
}

function canAutoReload(remote: RemoteName, error: unknown): boolean {
  const last = lastAutoReload.get(remote);
  return isReloadable(error) && (last === undefined || Date.now() - last >= AUTO_RELOAD_WINDOW_MS);
}

/** Claims the one automatic reload of a remote's entry, when the failure is of the kind it fixes. */
function claimAutoReload(remote: RemoteName, error: unknown): boolean {
  if (!canAutoReload(remote, error)) return false;
  lastAutoReload.set(remote, Date.now());
  return true;
}

function Loading() {
  return (
    <main className="clube-page shell-loading">
      <Spinner label="Carregando…" />
    </main>
  );
}

/**
 * Loads a remote at run time and renders its routes; a dead, slow or broken remote shows a retry.
 * When a chunk or the entry fails to load (e.g. a tab older than the remote's last redeploy), the
 * area first reloads that remote's entry once by itself and retries, then shows the message.
 */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AreaState>(() => {
    const Routes = loadedRemote(remote);
    return Routes ? { status: 'ready', Routes } : { status: 'loading' };
  });

  useEffect(() => {
    if (attempt === 0 && loadedRemote(remote)) return undefined;
    let active = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(remote, { retry: attempt > 0 }).then(
      // Rendering the remote's routes (its page, once its chunk is in) is a transition: React yields
      // to the browser every few milliseconds instead of holding the main thread for the whole page.
      (Routes) => {
        if (active) startTransition(() => setState({ status: 'ready', Routes }));
      },
      (error: unknown) => {
        if (!active) return;
        if (claimAutoReload(remote, error)) {
          console.warn(`[clube] remote "${remote}" failed to load; reloading its entry once`, error);
          setAttempt((n) => n + 1);
          return;
        }
        console.error(`[clube] remote "${remote}" is unavailable`, error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, attempt]);

  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <RemoteUnavailable remote={remote} onRetry={retry} />;
  const { Routes } = state;
  return (
    // Catches a remote that loaded but throws while rendering, so it costs only its own area.
    <ErrorBoundary
      key={attempt}
      // A chunk that failed to load is first retried with a fresh entry (onError): no message meanwhile.
      fallbackRender={({ error }) => (canAutoReload(remote, error) ? <Loading /> : <RemoteUnavailable remote={remote} onRetry={retry} />)}
      onError={(error) => {
        if (claimAutoReload(remote, error)) {
          console.warn(`[clube] a chunk of remote "${remote}" failed to load; reloading its entry once`, error);
          retry();
          return;
        }
        console.error(`[clube] remote "${remote}" failed while rendering`, error);
      }}
    >
      <Routes />
    </ErrorBoundary>
  );
}
