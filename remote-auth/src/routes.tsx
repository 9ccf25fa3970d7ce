import { Guard, NotFoundPage } from '@clube/platform';
import { Route, Routes } from 'react-router-dom';
import { OnboardingPage } from './onboarding/onboarding-page';
import { ForgotPasswordPage } from './password/forgot-password-page';
import { UpdatePasswordPage } from './password/update-password-page';
import { SignInPage } from './sign-in/sign-in-page';
import { SignUpPage } from './sign-up/sign-up-page';

/**
 * The auth remote's routes, mounted by the shell for `/autenticacao/*` and `/onboarding`.
 * `atualizar-senha` guards itself: the e-mail link's oobCode opens it to anyone, otherwise only to a signed-in member.
 */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route path="/autenticacao/registro" element={<Guard access="guest"><SignUpPage /></Guard>} />
      <Route path="/autenticacao/login" element={<Guard access="guest"><SignInPage /></Guard>} />
      <Route path="/autenticacao/esqueci-senha" element={<Guard access="guest"><ForgotPasswordPage /></Guard>} />
      <Route path="/autenticacao/atualizar-senha" element={<UpdatePasswordPage />} />
      <Route path="/onboarding" element={<Guard access="onboarding"><OnboardingPage /></Guard>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
