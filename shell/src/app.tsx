import { anonymousAuth, createApiClient, createQueryClient, noopAnalytics, PlatformProvider } from '@clube/platform';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { Layout } from './layout/layout';
import type { RuntimeConfig } from './runtime-config';

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(() => createApiClient({ apiUrl: config.apiUrl }));
  return (
    <BrowserRouter>
      <PlatformProvider auth={anonymousAuth} apiClient={apiClient} analytics={noopAnalytics} queryClient={queryClient}>
        <Layout>
          <AppRoutes />
        </Layout>
      </PlatformProvider>
    </BrowserRouter>
  );
}
