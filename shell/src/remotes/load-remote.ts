import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteManifest } from '../runtime-config';
import { REMOTE_NAMES, type RemoteName } from './ownership';

/**
 * A remote that has not loaded by then counts as down and its area shows the retry message
 * (the browser itself would hold a hanging script for ~20 s).
 */
export const REMOTE_LOAD_TIMEOUT_MS = 6000;

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly reason: 'timeout' | 'failed' | 'missing',
  ) {
    super(`remote "${remote}" could not be loaded (${reason})`);
    this.name = 'RemoteLoadError';
  }
}

interface RoutesModule {
  default: ComponentType;
}

let manifest: RemoteManifest = {};
const pending = new Map<RemoteName, Promise<ComponentType>>();
const loaded = new Map<RemoteName, ComponentType>();

/** Registers every remote of the run-time manifest. Nothing is fetched until a route needs it. */
export function configureRemotes(next: RemoteManifest): void {
  manifest = next;
  registerRemotes(
    REMOTE_NAMES.filter((name) => manifest[name]).map((name) => ({ name, entry: manifest[name] as string })),
  );
}

/** The routes component of a remote that has already loaded, to render without a loading flash. */
export function loadedRemote(name: RemoteName): ComponentType | undefined {
  return loaded.get(name);
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(remote, 'timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, 'failed'));
      },
    );
  });
}

/**
 * Loads a remote's routes. `retry` drops everything known about the remote and fetches its entry
 * again (a fresh URL, so neither the browser nor the federation runtime reuses the failed attempt).
 */
export function loadRemoteRoutes(name: RemoteName, { retry = false, timeoutMs = REMOTE_LOAD_TIMEOUT_MS } = {}): Promise<ComponentType> {
  const entry = manifest[name];
  if (!entry) return Promise.reject(new RemoteLoadError(name, 'missing'));
  if (retry) {
    pending.delete(name);
    loaded.delete(name);
    const url = new URL(entry, window.location.href);
    url.searchParams.set('retry', String(Date.now()));
    registerRemotes([{ name, entry: url.toString() }], { force: true });
  }
  let promise = pending.get(name);
  if (!promise) {
    promise = withTimeout(
      loadRemote<RoutesModule>(`${name}/routes`).then((mod) => {
        if (!mod?.default) throw new RemoteLoadError(name, 'failed');
        loaded.set(name, mod.default);
        return mod.default;
      }),
      name,
      timeoutMs,
    );
    const attempt = promise;
    attempt.catch(() => {
      if (pending.get(name) === attempt) pending.delete(name);
    });
    pending.set(name, attempt);
  }
  return promise;
}
