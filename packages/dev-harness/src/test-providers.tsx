import { createApiClient, createQueryClient, defaultConfig, noopAnalytics, PlatformProvider, Toaster, type AuthContextValue, type PlatformConfig } from '@clube/platform';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { stubAuth, type Persona } from './stub-auth';

export interface RenderRouteOptions {
  persona?: Persona;
  /** Overrides the persona's auth value entirely. */
  auth?: AuthContextValue;
  apiUrl?: string;
  /** Run-time settings the page reads through `useConfig()` (e.g. a local stand-in for BrasilAPI). */
  config?: Partial<PlatformConfig>;
}

/** Renders a remote's routes at `path` with the shell's contract provided by stand-ins, as in the harness. */
export function renderRoute(ui: ReactElement, path: string, { persona = 'membro', auth, apiUrl = 'http://127.0.0.1:9', config }: RenderRouteOptions = {}): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProvider
        auth={auth ?? stubAuth(persona)}
        apiClient={createApiClient({ apiUrl })}
        analytics={noopAnalytics}
        queryClient={createQueryClient()}
        config={{ ...defaultConfig, apiUrl, ...config }}
      >
        {ui}
        <Toaster />
      </PlatformProvider>
    </MemoryRouter>,
  );
}
