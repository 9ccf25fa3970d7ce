import { ErrorState } from '@clube/platform';
import { startTransition } from 'react';
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
    // A transition: React renders the app in slices of ~5 ms and lets the browser run in between
    // (input, paint), instead of one task as long as the whole tree — 60–150 ms on a phone whose CPU
    // is 4× slower. The HTML's frame and first view stay on screen until the commit.
    startTransition(() => root.render(<App config={config} firstView={firstView} />));
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
