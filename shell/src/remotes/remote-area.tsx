import { ErrorState, Spinner } from '@clube/platform';
import { useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadedRemote, loadRemoteRoutes } from './load-remote';
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

/** Loads a remote at run time and renders its routes; a dead, slow or broken remote shows a retry. */
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
      (Routes) => active && setState({ status: 'ready', Routes }),
      (error: unknown) => {
        console.error(`[clube] remote "${remote}" is unavailable`, error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, attempt]);

  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') {
    return (
      <main className="clube-page shell-loading">
        <Spinner label="Carregando…" />
      </main>
    );
  }
  if (state.status === 'failed') return <RemoteUnavailable remote={remote} onRetry={retry} />;
  const { Routes } = state;
  return (
    // Catches a remote that loaded but throws while rendering, so it costs only its own area.
    <ErrorBoundary
      key={attempt}
      fallback={<RemoteUnavailable remote={remote} onRetry={retry} />}
      onError={(error) => console.error(`[clube] remote "${remote}" failed while rendering`, error)}
    >
      <Routes />
    </ErrorBoundary>
  );
}
