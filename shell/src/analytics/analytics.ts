import type { Analytics } from '@clube/platform';
import type { PostHog } from 'posthog-js';
import type { RuntimeConfig } from '../runtime-config';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Event sent right before the analytics identity is reset on logout. */
export const LOGOUT_EVENT = 'logout';

/** Loads the tag manager only when an id is configured; route changes go to its data layer. */
function tagManager(gtmId: string) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
  return {
    pageView: (path: string) => window.dataLayer?.push({ event: 'page_view', page_path: path }),
  };
}

/**
 * The analytics facade the shell provides. PostHog starts only with a key (its code is loaded on
 * demand, so visitors without analytics never download it); the tag manager only with an id.
 */
export function createAnalytics(config: Pick<RuntimeConfig, 'posthog' | 'gtmId'>): Analytics {
  const gtm = config.gtmId ? tagManager(config.gtmId) : null;
  let posthog: Promise<PostHog | null> = Promise.resolve(null);
  if (config.posthog) {
    const { key, host } = config.posthog;
    posthog = import(/* webpackChunkName: "posthog" */ 'posthog-js')
      .then(({ default: client }) => {
        client.init(key, {
          api_host: host,
          capture_pageview: false, // the shell sends one per route change
          disable_session_recording: true, // started on sign-in, stopped on logout
          persistence: 'localStorage+cookie',
          request_batching: false,
          disable_compression: true,
          advanced_disable_decide: true,
        } as Parameters<PostHog['init']>[1]);
        return client;
      })
      .catch((error: unknown) => {
        console.warn('[clube] analytics indisponível', error);
        return null;
      });
  }
  const withPosthog = (fn: (client: PostHog) => void) => void posthog.then((client) => client && fn(client));

  return {
    identify: (userId, traits) => withPosthog((client) => client.identify(userId, traits)),
    reset: () =>
      withPosthog((client) => {
        client.capture(LOGOUT_EVENT);
        client.reset();
      }),
    pageView: (path) => {
      gtm?.pageView(path);
      withPosthog((client) => client.capture('$pageview', { $current_url: window.location.origin + path }));
    },
    capture: (event, properties) => withPosthog((client) => client.capture(event, properties)),
    startSessionRecording: () => withPosthog((client) => client.startSessionRecording()),
    stopSessionRecording: () => withPosthog((client) => client.stopSessionRecording()),
  };
}
