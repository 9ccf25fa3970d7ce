import { ErrorState, Spinner } from '@clube/platform';
import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadedRemote, loadRemoteRoutes } from './load-remote';
import type { RemoteName } from './ownership';

const AREA_LABEL: Record<RemoteName, string> = {
  auth: 'o acesso à conta',
  catalog: 'o catálogo',
  account: 'a sua conta',
  admin: 'a administração',
};

function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <main className="clube-page" data-remote-error={remote}>
      <ErrorState
        title="Esta área está indisponível no momento"
        message={`Não conseguimos carregar ${AREA_LABEL[remote]}. O restante do Clube continua funcionando.`}
        onRetry={onRetry}
      />
    </main>
  );
}

/** Catches a remote that loaded but throws while rendering, so it costs only its own area. */
class RemoteErrorBoundary extends Component<{ remote: RemoteName; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[clube] remote "${this.props.remote}" failed while rendering`, error);
  }

  override render() {
    if (this.state.failed) return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
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
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Routes />
    </RemoteErrorBoundary>
  );
}
