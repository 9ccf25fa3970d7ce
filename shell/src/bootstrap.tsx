import { startTransition } from 'react';
import { configureRemotes } from './remotes/load-remote';
import { loadRemoteManifest, loadRuntimeConfig, takeEmbeddedAnswers } from './runtime-config';
import { takeFirstView } from './layout/take-first-view';
import { showStartFailure } from './layout/start-failure';

// Taken before React replaces the HTML's frame: the page area the server painted, if it did.
const firstView = takeFirstView();
// Taken once, here: a render that React starts over must find them too (see App).
const embedded = takeEmbeddedAnswers();
const container = document.getElementById('root') as HTMLElement;

/** Lets the browser run what waits (input, paint) before the next step of the start-up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's modules, evaluated a library at a time, each in a task of its own: evaluated together
 * with React's they were one task of 60–170 ms on a phone whose CPU is 4× slower. "eager": they stay
 * in the chunks already fetched with this one, only their evaluation waits for its turn.
 */
async function loadApp() {
  await yieldToBrowser();
  // React DOM first, in a task of its own: its evaluation (and the compilation of its code) is the
  // largest of the start-up, and with the bootstrap's other imports it was one long task.
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  const appRoot = createRoot(container);
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ 'react-router-dom');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@tanstack/react-query');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@clube/platform');
  await yieldToBrowser();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await yieldToBrowser();
  return { App, appRoot };
}

async function start() {
  try {
    const [config, manifest, { App, appRoot }] = await Promise.all([loadRuntimeConfig(), loadRemoteManifest(), loadApp()]);
    configureRemotes(manifest);
    // A transition: React renders the app in slices of ~5 ms and lets the browser run in between
    // (input, paint), instead of one task as long as the whole tree — 60–150 ms on a phone whose CPU
    // is 4× slower. The HTML's frame and first view stay on screen until the commit.
    startTransition(() => appRoot.render(<App config={config} firstView={firstView} embedded={embedded} />));
  } catch (error) {
    console.error('[clube] could not start', error);
    // What index.ts shows when this chunk cannot load: the page area's error state, with the HTML's
    // header (its "Menu" working) and footer kept. A root made but never rendered has not touched the DOM.
    showStartFailure();
  }
}

void start();
