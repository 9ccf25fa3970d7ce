import { createAnalytics } from '../analytics/analytics';

describe('analytics facade', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete window.dataLayer;
  });

  it('When no key or tag manager id is configured, then nothing is loaded and calls do nothing', () => {
    const analytics = createAnalytics({ posthog: null, gtmId: null });
    analytics.pageView('/videos');
    analytics.identify('u1');
    analytics.reset();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('When a tag manager id is configured, then its script is injected and each route change pushes page_view', () => {
    const analytics = createAnalytics({ posthog: null, gtmId: 'GTM-TESTE1' });
    const script = document.querySelector('script');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TESTE1');
    analytics.pageView('/planos');
    analytics.pageView('/videos?busca=pipeta');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'gtm.js' }),
      { event: 'page_view', page_path: '/planos' },
      { event: 'page_view', page_path: '/videos?busca=pipeta' },
    ]);
  });
});
