import { stubAuth, type Persona } from './stub-auth';
import {
  createApiClient,
  createQueryClient,
  noopAnalytics,
  PlatformProvider,
  Toaster,
  type Analytics,
} from '@clube/platform';
import { useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router-dom';

const consoleAnalytics: Analytics = {
  ...noopAnalytics,
  pageView: (path) => console.info('[harness analytics] page view', path),
  capture: (event, props) => console.info('[harness analytics]', event, props),
};

function Harness({ remote, Routes, links }: { remote: string; Routes: ComponentType; links: string[] }) {
  const [persona, setPersona] = useState<Persona>('membro');
  const auth = useMemo(() => stubAuth(persona), [persona]);
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(() => createApiClient({ apiUrl: 'http://localhost:3000' }));
  return (
    <BrowserRouter>
      <PlatformProvider auth={auth} apiClient={apiClient} analytics={consoleAnalytics} queryClient={queryClient}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, background: '#fff7d6', borderBottom: '1px solid #e5d38a' }}>
          <strong>Harness · remote {remote}</strong>
          <label>
            Pessoa:{' '}
            <select value={persona} onChange={(e) => setPersona(e.target.value as Persona)}>
              <option value="visitante">Visitante</option>
              <option value="novo">Novo membro (sem onboarding)</option>
              <option value="membro">Membro</option>
              <option value="admin">Admin</option>
            </select>
          </label>
          {links.map((to) => (
            <Link key={to} to={to}>
              {to}
            </Link>
          ))}
        </div>
        <Routes />
        <Toaster />
      </PlatformProvider>
    </BrowserRouter>
  );
}

/** Renders a remote's routes alone, with stand-ins for everything the shell would provide. */
export function renderHarness(options: { remote: string; Routes: ComponentType; links: string[] }): void {
  createRoot(document.getElementById('root') as HTMLElement).render(<Harness {...options} />);
}
