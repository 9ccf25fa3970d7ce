import { ErrorState } from '@clube/platform';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeFirstView } from './layout/first-view';
import { configureRemotes } from './remotes/load-remote';
import { loadRemoteManifest, loadRuntimeConfig } from './runtime-config';

// Taken before React replaces the HTML's frame: the page area the server painted, if it did.
const firstView = takeFirstView();
const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  try {
    const [config, manifest] = await Promise.all([loadRuntimeConfig(), loadRemoteManifest()]);
    configureRemotes(manifest);
    root.render(<App config={config} firstView={firstView} />);
  } catch (error) {
    console.error('[clube] could not start', error);
    root.render(
      <main className="clube-page">
        <ErrorState message="Não foi possível iniciar o Clube. Verifique sua conexão." onRetry={() => window.location.reload()} />
      </main>,
    );
  }
}

void start();
