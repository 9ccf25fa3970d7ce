/** Settings read at run time from `/config.json`, so one build serves every environment. */
export interface RuntimeConfig {
  apiUrl: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    /** Only in development and tests: the Firebase Auth emulator. Never set in production. */
    authEmulatorUrl?: string | null;
  };
  /** Base of the public Brazilian lookups (CEP), https://brasilapi.com.br/api in production. */
  brasilApiUrl: string;
  posthog: { key: string; host: string } | null;
  gtmId: string | null;
}

/** Where each remote's `remoteEntry.js` lives, read at run time from `/remotes.json`. */
export type RemoteManifest = Record<string, string>;

async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

declare global {
  interface Window {
    /** Inlined into the HTML by the shell's server (scripts/serve-static.cjs): no extra round trip. */
    __CLUBE__?: { config?: RuntimeConfig; remotes?: RemoteManifest; data?: Record<string, unknown> };
  }
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inlined = window.__CLUBE__?.config;
  return inlined ? Promise.resolve(inlined) : fetchJson<RuntimeConfig>('/config.json');
}

export function loadRemoteManifest(): Promise<RemoteManifest> {
  const inlined = window.__CLUBE__?.remotes;
  return inlined ? Promise.resolve(inlined) : fetchJson<RemoteManifest>('/remotes.json');
}

/** The public API answers the server embedded for this page's first render (taken once: the API client owns them). */
export function takeEmbeddedAnswers(): Record<string, unknown> | undefined {
  const inlined = window.__CLUBE__;
  const data = inlined?.data;
  if (inlined) delete inlined.data;
  return data;
}
