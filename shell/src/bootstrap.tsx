import { ErrorState } from '@clube/platform';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { configureRemotes } from './remotes/load-remote';
import { loadRemoteManifest, loadRuntimeConfig } from './runtime-config';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  try {
    const [config, manifest] = await Promise.all([loadRuntimeConfig(), loadRemoteManifest()]);
    configureRemotes(manifest);
    root.render(<App config={config} />);
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
