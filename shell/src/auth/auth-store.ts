import { createQueryClient, ME_QUERY_KEY, type AuthStatus, type AuthUser, type LegalAcceptance, type UserProfile } from '@clube/platform';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import { shouldAutoCancel, type SubscriptionSummary } from './auto-cancel';

/** The signed-in profile is fetched again this often while the member stays signed in. */
export const PROFILE_REFETCH_MS = 900000;

export { ME_QUERY_KEY };

/** What was typed at sign-up, for the profile created right after. */
export interface PendingSignUp {
  name?: string | undefined;
  acceptLegal?: LegalAcceptance | undefined;
}

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
  /** POST /users (idempotent), with the consent given at sign-up. */
  createProfile(name: string | undefined, acceptLegal?: LegalAcceptance): Promise<UserProfile>;
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
 * clears the profile. While signed in, the profile is the query ['me'] of the app's QueryClient,
 * refetched every PROFILE_REFETCH_MS. Whenever the signed-in person changes (sign-out, another
 * account), the whole query cache is cleared: nothing of one member is shown to the next. When a
 * visitor signs in, or the profile changes (access gained or lost), every other query is refetched:
 * answers that depend on who asks (a gated video) are never left as the guest's (issue 25).
 */
export function createAuthStore(deps: AuthDeps, queryClient: QueryClient = createQueryClient()) {
  const store = createStore<AuthState>(() => ({ status: 'authenticating', user: null, profile: null }));
  let observer: QueryObserver<UserProfile> | null = null;
  let unsubscribeObserver: (() => void) | null = null;
  let generation = 0;
  let pending: PendingSignUp = {};
  let lastUid: string | null = null;
  /** Whether the provider has answered once (before that, nobody was a guest: the session was being restored). */
  let known = false;

  /** Every answer but the profile is asked again: what a page read as a guest, or before access changed, may depend on who asks. */
  const refetchPersonalAnswers = () =>
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });

  const stopRefetch = () => {
    unsubscribeObserver?.();
    unsubscribeObserver = null;
    observer = null;
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
      if (!profile) profile = await deps.createProfile(pending.name ?? user.displayName ?? undefined, pending.acceptLegal);
      pending = {};
      profile = await applyAutoCancel(profile);
      if (run !== generation) return; // the user changed meanwhile
      queryClient.setQueryData(ME_QUERY_KEY, profile);
      store.setState({ status: 'authenticated', user, profile });
      watchProfile(user, run);
    } catch (error) {
      if (run !== generation) return;
      store.setState({ status: 'anonymous', user, profile: null });
      deps.onProfileError(error);
    }
  }

  /** The ['me'] query, refetched every PROFILE_REFETCH_MS; each new profile reaches the store. */
  function watchProfile(user: AuthUser, run: number): void {
    stopRefetch();
    observer = new QueryObserver<UserProfile>(queryClient, {
      queryKey: ME_QUERY_KEY,
      queryFn: async () => {
        const profile = await deps.fetchProfile(user.uid);
        if (!profile) throw new Error('Perfil não encontrado.');
        return applyAutoCancel(profile).catch(() => profile);
      },
      staleTime: PROFILE_REFETCH_MS,
      refetchInterval: PROFILE_REFETCH_MS,
      refetchIntervalInBackground: true,
    });
    unsubscribeObserver = observer.subscribe((result) => {
      if (run !== generation || !result.data || result.data === store.getState().profile) return;
      store.setState({ status: 'authenticated', user, profile: result.data });
      // A new profile (a payment confirmed, a seat given or taken) may change what the API answers.
      refetchPersonalAnswers();
    });
  }

  function handleUser(user: AuthUser | null): void {
    generation += 1;
    stopRefetch();
    const uid = user?.uid ?? null;
    // The signed-in person left (sign-out, or another account): drop every cached answer. A visitor
    // signing in keeps what was cached (public answers, nobody's personal data).
    if (lastUid !== null && uid !== lastUid) queryClient.clear();
    // A visitor signed in: what was read as a guest (a paywall) is asked again with the session.
    else if (known && lastUid === null && uid !== null) refetchPersonalAnswers();
    lastUid = uid;
    known = true;
    if (!user) {
      store.setState({ status: 'anonymous', user: null, profile: null });
      return;
    }
    const run = generation;
    store.setState({ status: 'authenticating', user, profile: null });
    void loadProfile(user, run);
  }

  async function refreshProfile(): Promise<void> {
    const { user } = store.getState();
    if (!user) return;
    if (observer) await observer.refetch();
    else await loadProfile(user, generation); // the first load failed: try again
  }

  const unsubscribe = deps.onUserChanged(handleUser);

  return {
    store,
    queryClient,
    refreshProfile,
    /** The name typed and the consent given at sign-up, used when the profile is created right after. */
    setPendingSignUp(details: PendingSignUp) {
      pending = details;
    },
    dispose() {
      stopRefetch();
      unsubscribe();
    },
  };
}

export type AuthController = ReturnType<typeof createAuthStore>;
