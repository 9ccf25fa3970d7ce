import { createContext, useContext, type ReactNode } from 'react';

/** What the product tracks. The shell decides what runs behind it (PostHog, tag manager, nothing). */
export interface Analytics {
  identify(userId: string, traits?: Record<string, unknown>): void;
  reset(): void;
  pageView(path: string): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  startSessionRecording(): void;
  stopSessionRecording(): void;
}

export const noopAnalytics: Analytics = {
  identify: () => undefined,
  reset: () => undefined,
  pageView: () => undefined,
  capture: () => undefined,
  startSessionRecording: () => undefined,
  stopSessionRecording: () => undefined,
};

const AnalyticsContext = createContext<Analytics>(noopAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}
