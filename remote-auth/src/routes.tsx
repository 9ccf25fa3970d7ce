import { NotFoundPage } from '@clube/platform';
import { Route, Routes } from 'react-router-dom';
import { OnboardingPage } from './onboarding/onboarding-page';
import { ForgotPasswordPage } from './password/forgot-password-page';
import { UpdatePasswordPage } from './password/update-password-page';
import { SignInPage } from './sign-in/sign-in-page';
import { SignUpPage } from './sign-up/sign-up-page';

/** The auth remote's routes, mounted by the shell for `/autenticacao/*` and `/onboarding`. */
export default function AuthRoutes() {
  return (
    <Routes>
      <Route path="/autenticacao/registro" element={<SignUpPage />} />
      <Route path="/autenticacao/login" element={<SignInPage />} />
      <Route path="/autenticacao/esqueci-senha" element={<ForgotPasswordPage />} />
      <Route path="/autenticacao/atualizar-senha" element={<UpdatePasswordPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
