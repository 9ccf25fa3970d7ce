import { ApiError, toast, type Analytics, type AuthActions, type AuthContextValue, type LegalAcceptance, type TypedApi } from '@clube/platform';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { createAuthStore, type AuthController } from './auth-store';
import type { FirebaseIdentity } from './firebase';

/**
 * Firebase's error, in Portuguese. The table of messages travels in the Firebase chunk (already
 * loaded when an auth action fails), not in the JS before first paint.
 */
async function authError(error: unknown): Promise<Error> {
  try {
    const { toAuthError } = await import(/* webpackChunkName: "firebase" */ './firebase-errors');
    return toAuthError(error);
  } catch {
    return new Error('Não foi possível falar com o serviço de login. Verifique sua conexão e tente novamente.');
  }
}

const isMissing = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

export function createShellAuthController(identity: FirebaseIdentity, api: TypedApi, queryClient: QueryClient): AuthController {
  return createAuthStore({
    onUserChanged: (listener) => identity.onUserChanged(listener),
    fetchProfile: (uid) =>
      api.get('/v1/users/provider/{providerId}', { params: { path: { providerId: uid } } }).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error))),
    createProfile: (name, acceptLegal) => api.post('/v1/users/', { body: { ...(name ? { name } : {}), ...(acceptLegal ? { acceptLegal } : {}) } }),
    fetchSubscription: (id) => api.get('/v1/subscriptions/{id}', { params: { path: { id } } }),
    cancelSubscription: (id) => api.patch('/v1/subscriptions/cancel/{id}', { params: { path: { id } } }).then(() => undefined),
    onProfileError: (error) =>
      toast({
        variant: 'danger',
        title: 'Não foi possível carregar seu perfil',
        description: error instanceof Error && error.message ? error.message : 'Tente novamente em instantes.',
      }),
    now: () => new Date(),
  }, queryClient);
}

/**
 * The shell's auth context: Firebase identity + the profile from the API, logout as PRODUCT.md §3
 * (local storage and the query cache cleared, session recording stopped, Firebase sign-out, login
 * page), analytics
 * identify / session recording on sign-in.
 */
export function useShellAuth(controller: AuthController, identity: FirebaseIdentity, analytics: Analytics): AuthContextValue {
  const { status, user, profile } = useStore(controller.store);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [actions] = useState<AuthActions>(() => {
    const mapped = <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
      async (...args: A) => {
        try {
          await fn(...args);
        } catch (error) {
          throw await authError(error);
        }
      };
    return {
      signIn: mapped((email: string, password: string) => identity.signIn(email.trim(), password)),
      signUp: mapped(async (name: string, email: string, password: string, acceptLegal?: LegalAcceptance) => {
        controller.setPendingSignUp({ name: name.trim(), acceptLegal });
        await identity.signUp(name.trim(), email.trim(), password);
      }),
      sendPasswordReset: mapped((email: string) => identity.sendPasswordReset(email.trim())),
      confirmPasswordReset: mapped((oobCode: string, password: string) => identity.confirmPasswordReset(oobCode, password)),
      changePassword: mapped((current: string, next: string) => identity.changePassword(current, next)),
      sendEmailVerification: mapped(() => identity.sendEmailVerification()),
      reauthenticate: mapped((password: string) => identity.reauthenticate(password)),
    };
  });

  const profileId = profile?._id;
  useEffect(() => {
    if (status !== 'authenticated' || !profile) return;
    analytics.identify(profile._id, { email: profile.email, name: profile.name, role: profile.role });
    analytics.startSessionRecording();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in profile
  }, [status, profileId, analytics]);

  return useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      profile,
      isAdmin: profile?.role === 'ADMIN',
      refreshProfile: controller.refreshProfile,
      actions,
      logout: async () => {
        window.localStorage.clear();
        analytics.stopSessionRecording();
        analytics.reset();
        await identity.signOut();
        navigateRef.current('/autenticacao/login', { replace: true });
        // Per-user answers go with the person (the store also clears when the user changes).
        controller.queryClient.clear();
      },
    }),
    [status, user, profile, controller, actions, analytics, identity],
  );
}
