import type { AuthStatus, AuthUser, UserProfile } from '@clube/platform';
import { createStore } from 'zustand/vanilla';
import { shouldAutoCancel, type SubscriptionSummary } from './auto-cancel';

/** The signed-in profile is fetched again this often while the member stays signed in. */
export const PROFILE_REFETCH_MS = 900000;

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  profile: UserProfile | null;
}

/** What the store needs from the outside world: identity provider and API (real or fake in tests). */
export interface AuthDeps {
  /** Subscribes to the identity provider; returns the unsubscribe function. */
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  /** GET /users/provider/{uid}; resolves null when the profile does not exist yet. */
  fetchProfile(uid: string): Promise<UserProfile | null>;
  /** POST /users (idempotent). */
  createProfile(name: string | undefined): Promise<UserProfile>;
  fetchSubscription(id: string): Promise<SubscriptionSummary | null>;
  cancelSubscription(id: string): Promise<void>;
  /** Called when the profile could not be loaded (the shell shows a toast). */
  onProfileError(error: unknown): void;
  now(): Date;
}

/**
 * The auth state machine:
 *   authenticating ──user──▶ (profile loaded) authenticated ──no user──▶ anonymous
 * "authenticating" lasts until the provider reports a user AND the profile is loaded; no user
 * clears the profile. While signed in, the profile is refetched every PROFILE_REFETCH_MS.
 */
export function createAuthStore(deps: AuthDeps) {
  const store = createStore<AuthState>(() => ({ status: 'authenticating', user: null, profile: null }));
  let refetchTimer: ReturnType<typeof setInterval> | null = null;
  let generation = 0;
  let pendingName: string | undefined;

  const stopRefetch = () => {
    if (refetchTimer) clearInterval(refetchTimer);
    refetchTimer = null;
  };

  async function applyAutoCancel(profile: UserProfile): Promise<UserProfile> {
    if (!profile.hasActiveSubscription || !profile.subscription) return profile;
    const subscription = await deps.fetchSubscription(profile.subscription).catch(() => null);
    if (!shouldAutoCancel(profile, subscription, deps.now())) return profile;
    await deps.cancelSubscription(subscription!._id);
    return (await deps.fetchProfile(profile.providerId)) ?? profile;
  }

  async function loadProfile(user: AuthUser, run: number): Promise<void> {
    try {
      let profile = await deps.fetchProfile(user.uid);
      if (!profile) profile = await deps.createProfile(pendingName ?? user.displayName ?? undefined);
      pendingName = undefined;
      profile = await applyAutoCancel(profile);
      if (run !== generation) return; // the user changed meanwhile
      store.setState({ status: 'authenticated', user, profile });
    } catch (error) {
      if (run !== generation) return;
      store.setState({ status: 'anonymous', user, profile: null });
      deps.onProfileError(error);
    }
  }

  function handleUser(user: AuthUser | null): void {
    generation += 1;
    stopRefetch();
    if (!user) {
      store.setState({ status: 'anonymous', user: null, profile: null });
      return;
    }
    const run = generation;
    store.setState({ status: 'authenticating', user, profile: null });
    void loadProfile(user, run);
    refetchTimer = setInterval(() => void refreshProfile(), PROFILE_REFETCH_MS);
  }

  async function refreshProfile(): Promise<void> {
    const { user } = store.getState();
    if (!user) return;
    const run = generation;
    const profile = await deps.fetchProfile(user.uid).catch(() => null);
    if (!profile || run !== generation) return;
    const checked = await applyAutoCancel(profile).catch(() => profile);
    if (run === generation) store.setState({ status: 'authenticated', user, profile: checked });
  }

  const unsubscribe = deps.onUserChanged(handleUser);

  return {
    store,
    refreshProfile,
    /** The name typed at sign-up, used when the profile is created right after. */
    setPendingName(name: string | undefined) {
      pendingName = name;
    },
    dispose() {
      stopRefetch();
      unsubscribe();
    },
  };
}

export type AuthController = ReturnType<typeof createAuthStore>;
