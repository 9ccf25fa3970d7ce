import { Guard } from '@clube/platform';
import { useSearchParams } from 'react-router-dom';
import { AuthScreen } from '../shared/auth-screen';
import { ChangePasswordForm } from './change-password-form';
import { ResetPasswordForm } from './reset-password-form';

/**
 * `/autenticacao/atualizar-senha`. With the `oobCode` of the e-mail link anyone may set a new
 * password; without it, only a signed-in member, who proves the current one.
 */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode');

  if (oobCode) {
    return (
      <AuthScreen title="Atualizar senha" description="Escolha uma nova senha para sua conta.">
        <ResetPasswordForm oobCode={oobCode} />
      </AuthScreen>
    );
  }
  return (
    <Guard access="signed-in">
      <AuthScreen title="Atualizar senha" description="Confirme sua senha atual e escolha uma nova.">
        <ChangePasswordForm />
      </AuthScreen>
    </Guard>
  );
}
