// Server side only (a remote's `dist/server/first-view.cjs`, loaded by the shell's HTML server):
// renders a remote's page as a guest sees it on its first view, from the public API answers the
// shell's server embeds in the page. Never imported by browser code.
import type { AxiosRequestConfig } from 'axios';
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { anonymousAuth } from './auth';
import { noopAnalytics } from './analytics';
import { ApiError, embeddedKey, type ApiClient } from './api-client';
import { defaultConfig, type PlatformConfig } from './config';
import { firstViewStyles } from './first-view-styles';
import { PlatformProvider } from './platform-provider';
import { createQueryClient } from './query';

export interface FirstViewRequest {
  /** The page's path, e.g. `/videos/boas-praticas`. */
  pathname: string;
  /** The public reads' answers the page's HTML embeds, keyed as `embeddedKey` does. */
  data: Record<string, unknown>;
  config?: Partial<PlatformConfig>;
}

/** How many rounds of "render, then answer the reads it made" a page gets (a read may depend on an answer). */
const ROUNDS = 3;

/** An API client that answers only from the embedded answers (as often as asked): no network on the server. */
function embeddedOnly(data: Record<string, unknown>): ApiClient {
  const request = <T,>(config: AxiosRequestConfig): Promise<T> => {
    const key = (config.method ?? 'get').toLowerCase() === 'get' && config.url ? embeddedKey(config.url, config.params as Record<string, unknown> | undefined) : null;
    return key && Object.hasOwn(data, key) ? Promise.resolve(data[key] as T) : Promise.reject(new ApiError(0, 'NETWORK', 'Leitura não incluída na primeira vista.'));
  };
  return {
    request,
    get: (url, config) => request({ ...config, method: 'get', url }),
    delete: (url, config) => request({ ...config, method: 'delete', url }),
    post: (url, body, config) => request({ ...config, method: 'post', url, data: body }),
    patch: (url, body, config) => request({ ...config, method: 'patch', url, data: body }),
    put: (url, body, config) => request({ ...config, method: 'put', url, data: body }),
    preload: () => Promise.resolve(),
  };
}

async function renderOnce(Routes: ComponentType, request: FirstViewRequest, queryClient: ReturnType<typeof createQueryClient>): Promise<string> {
  const apiClient = embeddedOnly(request.data);
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={[request.pathname]}>
      <PlatformProvider auth={anonymousAuth} apiClient={apiClient} analytics={noopAnalytics} queryClient={queryClient} config={{ ...defaultConfig, ...request.config }}>
        <Routes />
      </PlatformProvider>
    </MemoryRouter>,
  );
  return new Response(prelude).text();
}

/**
 * The markup of a remote's routes at `pathname` for a guest, with the queries its render starts
 * answered from `data` (each round renders, then answers the reads that render made, so a read that
 * depends on another's answer is answered too when it was embedded). A read that was not embedded
 * stays in its loading state, as the client's first render shows it. The CSS is that of every
 * module loaded so far (a page's stylesheets are loaded with its code).
 */
export interface FirstView {
  /** The markup of the page area (what the shell's layout wraps in `#conteudo`). */
  html: string;
  /** The CSS of the remote's modules the page loaded (the shell's own is already in its HTML). */
  css: string;
}

export async function renderFirstView(Routes: ComponentType, request: FirstViewRequest): Promise<FirstView> {
  const queryClient = createQueryClient();
  const cache = queryClient.getQueryCache();
  const tried = new Set<string>();
  let html = '';
  for (let round = 0; round < ROUNDS; round += 1) {
    html = await renderOnce(Routes, request, queryClient);
    const pending = cache.getAll().filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !tried.has(query.queryHash));
    if (pending.length === 0) break;
    for (const query of pending) tried.add(query.queryHash);
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    // What could not be answered is shown loading (as the client's first render), not failed.
    for (const query of cache.getAll()) if (query.state.status === 'error') query.reset();
  }
  queryClient.clear();
  return { html, css: firstViewStyles() };
}
