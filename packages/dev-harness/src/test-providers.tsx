import { createApiClient, createQueryClient, noopAnalytics, PlatformProvider, Toaster, type AuthContextValue } from '@clube/platform';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { stubAuth, type Persona } from './stub-auth';

export interface RenderRouteOptions {
  persona?: Persona;
  /** Overrides the persona's auth value entirely. */
  auth?: AuthContextValue;
  apiUrl?: string;
}

/** Renders a remote's routes at `path` with the shell's contract provided by stand-ins, as in the harness. */
export function renderRoute(ui: ReactElement, path: string, { persona = 'membro', auth, apiUrl = 'http://127.0.0.1:9' }: RenderRouteOptions = {}): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlatformProvider auth={auth ?? stubAuth(persona)} apiClient={createApiClient({ apiUrl })} analytics={noopAnalytics} queryClient={createQueryClient()}>
        {ui}
        <Toaster />
      </PlatformProvider>
    </MemoryRouter>,
  );
}
