import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './auth';
import { Spinner } from './ui/spinner';
import { ForbiddenPage } from './ui/states';

/**
 * Who may open a route (PRODUCT.md §2):
 * - `public`: everyone;
 * - `guest`: only signed-out visitors (a signed-in member is sent on to where they were going);
 * - `onboarding`: signed-in members who have not finished onboarding;
 * - `signed-in`: signed-in members who finished onboarding;
 * - `admin`: like `signed-in`, and role ADMIN (others see "sem permissão").
 */
export type Access = 'public' | 'guest' | 'onboarding' | 'signed-in' | 'admin';

export const LOGIN_PATH = '/autenticacao/login';
export const ONBOARDING_PATH = '/onboarding';

/** The `redirect` query parameter, accepted only when it is a path on this site. */
export function safeRedirect(search: string, fallback = '/'): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}

/**
 * Pages a signed-in member may open before onboarding: an invitation to a laboratory's team is
 * accepted first (a technician joins someone else's laboratory, so their onboarding asks only
 * their name, not a laboratory).
 */
const BEFORE_ONBOARDING = ['/equipe/convite/'];
export const opensBeforeOnboarding = (path: string) => BEFORE_ONBOARDING.some((prefix) => path.startsWith(prefix));

/** A path with `?redirect=` pointing back at where the person was going. */
export function withRedirect(path: string, target: string): string {
  return target && target !== '/' ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}

function Checking() {
  return (
    <main className="clube-page" style={{ display: 'flex', justifyContent: 'center' }}>
      <Spinner label="Verificando sua sessão…" />
    </main>
  );
}

export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { status, profile, isAdmin } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (access === 'public') return <>{children}</>;
  if (status === 'authenticating') return <Checking />;

  if (access === 'guest') {
    if (status !== 'authenticated' || !profile) return <>{children}</>;
    const next = safeRedirect(location.search);
    return <Navigate to={profile.onboardingCompleted || opensBeforeOnboarding(next) ? next : withRedirect(ONBOARDING_PATH, next)} replace />;
  }

  if (status !== 'authenticated' || !profile) return <Navigate to={withRedirect(LOGIN_PATH, here)} replace />;

  if (access === 'onboarding') {
    return profile.onboardingCompleted ? <Navigate to={safeRedirect(location.search)} replace /> : <>{children}</>;
  }
  if (!profile.onboardingCompleted) return <Navigate to={withRedirect(ONBOARDING_PATH, here)} replace />;
  if (access === 'admin' && !isAdmin) return <ForbiddenPage />;
  return <>{children}</>;
}
