import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnalyticsProvider, type Analytics } from './analytics';
import { ApiClientProvider, type ApiClient } from './api-client';
import { AuthProvider, type AuthContextValue } from './auth';
import { ConfigProvider, defaultConfig, type PlatformConfig } from './config';

export interface PlatformProviderProps {
  auth: AuthContextValue;
  apiClient: ApiClient;
  analytics: Analytics;
  queryClient: QueryClient;
  config?: PlatformConfig;
  children: ReactNode;
}

/** What the shell (or a remote's dev harness) wraps every page in. */
export function PlatformProvider({ auth, apiClient, analytics, queryClient, config = defaultConfig, children }: PlatformProviderProps) {
  return (
    <ConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>
          <AnalyticsProvider analytics={analytics}>
            <AuthProvider value={auth}>{children}</AuthProvider>
          </AnalyticsProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
