import { createPersonaSession } from './persona-session';
import { authFor, PERSONAS, personaProfile } from './personas';
import type { Persona } from './stub-auth';
import {
  createQueryClient,
  noopAnalytics,
  PlatformProvider,
  Toaster,
  type Analytics,
} from '@clube/platform';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router-dom';

const consoleAnalytics: Analytics = {
  ...noopAnalytics,
  pageView: (path) => console.info('[harness analytics] page view', path),
  capture: (event, props) => console.info('[harness analytics]', event, props),
};

/** `npm run dev -w api` and the Auth emulator, as `npm run dev` starts them. */
const API_URL = 'http://localhost:3000';
const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';

function Harness({ remote, Routes, links }: { remote: string; Routes: ComponentType; links: string[] }) {
  const [persona, setPersona] = useState<Persona>('membro');
  const session = useMemo(() => createPersonaSession(persona, { apiUrl: API_URL, authEmulatorUrl: AUTH_EMULATOR_URL }), [persona]);
  // The persona's stand-in profile at once, then its real profile once the API answers.
  const [profile, setProfile] = useState(() => personaProfile(persona));
  const [notice, setNotice] = useState<string | null>(null);
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    let active = true;
    queryClient.clear(); // another persona: nothing cached for the previous one
    setProfile(personaProfile(persona));
    setNotice(null);
    session.loadProfile().then(
      (real) => active && setProfile(real),
      (error: unknown) => {
        if (!active) return;
        console.warn('[harness] sem API/emulador: perfil de exemplo, chamadas autenticadas vão falhar', error);
        setNotice('API ou emulador fora do ar: perfil de exemplo');
      },
    );
    return () => {
      active = false;
    };
  }, [persona, session, queryClient]);
  const auth = useMemo(() => authFor(profile), [profile]);
  return (
    <BrowserRouter>
      <PlatformProvider auth={auth} apiClient={session.apiClient} analytics={consoleAnalytics} queryClient={queryClient}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 12, background: '#fff7d6', borderBottom: '1px solid #e5d38a' }}>
          <strong>Harness · remote {remote}</strong>
          <label>
            Pessoa:{' '}
            <select value={persona} onChange={(e) => setPersona(e.target.value as Persona)}>
              {PERSONAS.map(({ persona: value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {notice && <em>{notice}</em>}
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
