import { GENERIC_AUTH_MESSAGE, toAuthError } from '../auth/firebase-errors';

describe('Firebase errors in Portuguese', () => {
  it.each([
    ['auth/invalid-credential', 'E-mail ou senha incorretos.'],
    ['auth/email-already-in-use', 'Já existe uma conta com este e-mail. Entre ou recupere sua senha.'],
    ['auth/weak-password', 'Senha fraca: use pelo menos 6 caracteres.'],
    ['auth/too-many-requests', 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'],
    ['auth/network-request-failed', 'Sem conexão com o serviço de login. Verifique sua internet e tente novamente.'],
  ])('When Firebase fails with %s, then the message is "%s"', (code, message) => {
    expect(toAuthError(Object.assign(new Error('Firebase: Error'), { name: 'FirebaseError', code })).message).toBe(message);
  });

  it('When the code is unknown, then a generic Portuguese message is given', () => {
    expect(toAuthError(Object.assign(new Error('x'), { name: 'FirebaseError', code: 'auth/internal-error' })).message).toBe(GENERIC_AUTH_MESSAGE);
  });

  it('When the error is already ours (from the API), then its message is kept', () => {
    expect(toAuthError(new Error('O servidor demorou demais para responder. Tente novamente.')).message).toBe('O servidor demorou demais para responder. Tente novamente.');
  });
});
