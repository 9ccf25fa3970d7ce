import { createContext, useContext, type ReactNode } from 'react';
import type { ApiBody, ApiResponse } from './api/typed-api';

/** The signed-in member's profile as the API returns it (`GET /v1/users/provider/{providerId}`), generated from its OpenAPI document. */
export type UserProfile = ApiResponse<'/v1/users/provider/{providerId}'>;
export type Role = UserProfile['role'];
export type Laboratory = NonNullable<UserProfile['laboratory']>;
export type Address = Laboratory['address'];
/** A subscription as `GET /v1/subscriptions/{id}` returns it. */
export type Subscription = ApiResponse<'/v1/subscriptions/{id}'>;
export type SubscriptionStatus = Subscription['status'];

/** The identity provider's user, reduced to what pages need. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

export type AuthStatus = 'authenticating' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  profile: UserProfile | null;
  isAdmin: boolean;
  /** Fetches the profile again (after a change the page made). */
  refreshProfile: () => Promise<void>;
  /** Clears local storage, stops session recording, signs out, goes to the login page. */
  logout: () => Promise<void>;
  /** The identity operations the auth pages use; the shell provides them. */
  actions: AuthActions;
}

/** The versions of the terms of use and the privacy policy a person accepts (`GET /v1/legal`), recorded with the date. */
export type LegalAcceptance = NonNullable<NonNullable<ApiBody<'/v1/users/', 'post'>>['acceptLegal']>;

export interface AuthActions {
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account; the profile is created right after with the name and the consent given. */
  signUp(name: string, email: string, password: string, acceptLegal?: LegalAcceptance): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Sends the signed-in member a new e-mail with the link that confirms their address. */
  sendEmailVerification(): Promise<void>;
  /**
   * Asks for the signed-in person's password again (an electronic signature, 21 CFR 11.200): after it,
   * the API calls carry a new ID token whose `auth_time` is now. A wrong password rejects with a
   * Portuguese message and nothing else changes.
   */
  reauthenticate(password: string): Promise<void>;
}

const unavailable = () => Promise.reject(new Error('Autenticação indisponível.'));

export const anonymousAuth: AuthContextValue = {
  status: 'anonymous',
  user: null,
  profile: null,
  isAdmin: false,
  refreshProfile: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  actions: {
    signIn: unavailable,
    signUp: unavailable,
    sendPasswordReset: unavailable,
    confirmPasswordReset: unavailable,
    changePassword: unavailable,
    sendEmailVerification: unavailable,
    reauthenticate: unavailable,
  },
};

const AuthContext = createContext<AuthContextValue>(anonymousAuth);

export function AuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
