import { createApiClient, createQueryClient, defaultConfig, noopAnalytics, PlatformProvider, Toaster, type AuthContextValue, type PlatformConfig } from '@clube/platform';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { MOCK_API_URL, MOCK_BRASIL_API_URL } from './mock-urls';
import { stubAuth, type Persona } from './stub-auth';

export { authFor, personaProfile, PERSONAS, type Persona } from './personas';
export { MOCK_API_URL, MOCK_BRASIL_API_URL } from './mock-urls';

export interface RenderRouteOptions {
  /** Who is looking: visitante, novo (onboarding not finished), membro, assinante or admin. */
  persona?: Persona;
  /** Overrides the persona's auth value entirely. */
  auth?: AuthContextValue;
  /** Defaults to the test kit's fake API (MOCK_API_URL, answered by `startMockApi` from `@clube/dev-harness/mock-api`). */
  apiUrl?: string;
  /** Run-time settings the page reads through `useConfig()`; BrasilAPI defaults to MOCK_BRASIL_API_URL. */
  config?: Partial<PlatformConfig>;
}

/** Renders a remote's routes at `path` with the shell's contract provided by stand-ins, as in the harness. */
export function renderRoute(ui: ReactElement, path: string, { persona = 'membro', auth, apiUrl = MOCK_API_URL, config }: RenderRouteOptions = {}): RenderResult {
  const resolvedAuth = auth ?? stubAuth(persona);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProvider
        auth={resolvedAuth}
        apiClient={createApiClient({ apiUrl, getToken: async () => (resolvedAuth.user ? `test-token-${resolvedAuth.user.uid}` : null) })}
        analytics={noopAnalytics}
        queryClient={createQueryClient()}
        config={{ ...defaultConfig, apiUrl, brasilApiUrl: MOCK_BRASIL_API_URL, ...config }}
      >
        {ui}
        <Toaster />
      </PlatformProvider>
    </MemoryRouter>,
  );
}
