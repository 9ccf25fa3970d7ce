import { createApiClient, createQueryClient, PlatformProvider, type PlatformConfig } from '@clube/platform';
import { createTypedApi } from '@clube/platform/data';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createAnalytics } from './analytics/analytics';
import { RouteAnalytics } from './analytics/route-analytics';
import { AppRoutes } from './app-routes';
import { useAuthPageWarmUp, useOnAuthPage } from './auth/auth-page-warm-up';
import { lazyFirebaseIdentity } from './auth/lazy-identity';
import { createShellAuthController, useShellAuth } from './auth/shell-auth';
import { FirstViewHandOver, type FirstView } from './layout/first-view';
import { Layout } from './layout/layout';
import { takeEmbeddedAnswers, type RuntimeConfig } from './runtime-config';

function useShellServices(config: RuntimeConfig, answers?: Record<string, unknown>) {
  const onUnauthorized = useRef<() => void>(() => undefined);
  return useState(() => {
    const identity = lazyFirebaseIdentity(config.firebase);
    // Taken before the render when the start-up gives them: the first render is a transition, which
    // React may start over, running this initializer again — the answers must still be there then.
    const embedded = answers ?? takeEmbeddedAnswers();
    const apiClient = createApiClient({ apiUrl: config.apiUrl, getToken: identity.getToken, onUnauthorized: () => onUnauthorized.current(), embedded });
    const queryClient = createQueryClient();
    return {
      identity,
      apiClient,
      /** The page came with its first reads' answers: axios waits for a call that needs it. */
      hasEmbeddedAnswers: embedded !== undefined && Object.keys(embedded).length > 0,
      warmUp: () => {
        identity.warmUp();
        void apiClient.preload();
      },
      controller: createShellAuthController(identity, createTypedApi(apiClient), queryClient),
      analytics: createAnalytics(config),
      queryClient,
      onUnauthorized,
    };
  })[0];
}

function Platform({ config, firstView, embedded }: { config: RuntimeConfig; firstView: FirstView | null; embedded?: Record<string, unknown> }) {
  const services = useShellServices(config, embedded);
  const auth = useShellAuth(services.controller, services.identity, services.analytics);
  const onAuthPage = useOnAuthPage();
  useAuthPageWarmUp(services.warmUp);
  const platformConfig = useMemo<PlatformConfig>(() => ({ apiUrl: config.apiUrl, brasilApiUrl: config.brasilApiUrl }), [config]);

  // A 401 from the API means the session is gone: sign out cleanly, once.
  useEffect(() => {
    let signingOut = false;
    services.onUnauthorized.current = () => {
      if (signingOut || auth.status === 'anonymous') return;
      signingOut = true;
      void auth.logout();
    };
  }, [auth, services]);

  useEffect(() => () => services.controller.dispose(), [services]);

  // axios is not part of the first paint: fetched right after it, beside the remote's chunks, so the
  // page's first API call does not wait for it (a call made earlier loads it by itself). Not on the
  // auth pages: a guest there calls no API before signing in (useAuthPageWarmUp fetches it then).
  // Nor on a page whose first reads came embedded in the HTML: it may need no call at all, and axios
  // loads on the first one.
  useEffect(() => {
    if (!onAuthPage && !services.hasEmbeddedAnswers) void services.apiClient.preload();
  }, [services, onAuthPage]);

  return (
    <PlatformProvider auth={auth} apiClient={services.apiClient} analytics={services.analytics} queryClient={services.queryClient} config={platformConfig}>
      <RouteAnalytics />
      <Layout>
        <FirstViewHandOver view={firstView}>
          <AppRoutes />
        </FirstViewHandOver>
      </Layout>
    </PlatformProvider>
  );
}

/**
 * `firstView`: the page the shell's server painted into the HTML, kept on screen until the page is ready.
 * `embedded`: the first reads' answers the server put in the HTML (`takeEmbeddedAnswers`); taken here when not given.
 */
export function App({ config, firstView = null, embedded }: { config: RuntimeConfig; firstView?: FirstView | null; embedded?: Record<string, unknown> }) {
  return (
    <BrowserRouter>
      <Platform config={config} firstView={firstView} embedded={embedded} />
    </BrowserRouter>
  );
}
