/** Portuguese messages for the Firebase Auth error codes a person can run into. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'E-mail ou senha incorretos.',
  'auth/wrong-password': 'E-mail ou senha incorretos.',
  'auth/user-not-found': 'E-mail ou senha incorretos.',
  'auth/invalid-login-credentials': 'E-mail ou senha incorretos.',
  'auth/invalid-email': 'Informe um e-mail válido.',
  'auth/missing-email': 'Informe seu e-mail.',
  'auth/missing-password': 'Informe sua senha.',
  'auth/user-disabled': 'Esta conta foi desativada. Fale com o suporte.',
  'auth/email-already-in-use': 'Já existe uma conta com este e-mail. Entre ou recupere sua senha.',
  'auth/weak-password': 'Senha fraca: use pelo menos 6 caracteres.',
  'auth/password-does-not-meet-requirements': 'A senha não atende aos requisitos de segurança.',
  'auth/too-many-requests': 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  'auth/network-request-failed': 'Sem conexão com o serviço de login. Verifique sua internet e tente novamente.',
  'auth/expired-action-code': 'Este link expirou. Peça um novo e-mail de redefinição de senha.',
  'auth/invalid-action-code': 'Este link é inválido ou já foi usado. Peça um novo e-mail de redefinição de senha.',
  'auth/requires-recent-login': 'Por segurança, entre novamente antes de trocar a senha.',
  'auth/operation-not-allowed': 'Este tipo de login não está habilitado.',
};

export const GENERIC_AUTH_MESSAGE = 'Não foi possível concluir agora. Tente novamente.';

/** An Error whose message a page can show as is. */
export function toAuthError(error: unknown): Error {
  const code = (error as { code?: string } | null)?.code;
  if (code && MESSAGES[code]) return Object.assign(new Error(MESSAGES[code]), { code });
  // Errors we raised ourselves (e.g. the API's ApiError) already carry a Portuguese message.
  if (error instanceof Error && !code?.startsWith('auth/') && error.name !== 'FirebaseError') return error;
  return Object.assign(new Error(GENERIC_AUTH_MESSAGE), { code: code ?? 'unknown' });
}
