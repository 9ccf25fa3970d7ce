import { Guard, NotFoundPage, Spinner } from '@clube/platform';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each page is its own chunk (the shell preloads the one of the requested path): the sign-in page
// does not carry the onboarding's laboratory form, CNPJ validation and masks.
const SignUpPage = lazy(() => import(/* webpackChunkName: "page-sign-up" */ './sign-up/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const SignInPage = lazy(() => import(/* webpackChunkName: "page-sign-in" */ './sign-in/sign-in-page').then((m) => ({ default: m.SignInPage })));
const ForgotPasswordPage = lazy(() => import(/* webpackChunkName: "page-forgot-password" */ './password/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const UpdatePasswordPage = lazy(() => import(/* webpackChunkName: "page-update-password" */ './password/update-password-page').then((m) => ({ default: m.UpdatePasswordPage })));
const OnboardingPage = lazy(() => import(/* webpackChunkName: "page-onboarding" */ './onboarding/onboarding-page').then((m) => ({ default: m.OnboardingPage })));

function PageLoading() {
  return (
    <main className="clube-page" style={{ display: 'flex', justifyContent: 'center' }}>
      <Spinner label="Carregando…" />
    </main>
  );
}

/**
 * The auth remote's routes, mounted by the shell for `/autenticacao/*` and `/onboarding`.
 * `atualizar-senha` guards itself: the e-mail link's oobCode opens it to anyone, otherwise only to a signed-in member.
 */
export default function AuthRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/autenticacao/registro" element={<Guard access="guest"><SignUpPage /></Guard>} />
        <Route path="/autenticacao/login" element={<Guard access="guest"><SignInPage /></Guard>} />
        <Route path="/autenticacao/esqueci-senha" element={<Guard access="guest"><ForgotPasswordPage /></Guard>} />
        <Route path="/autenticacao/atualizar-senha" element={<UpdatePasswordPage />} />
        <Route path="/onboarding" element={<Guard access="onboarding"><OnboardingPage /></Guard>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
