import { createQueryClient, type AuthUser, type UserProfile } from '@clube/platform';
import { QueryObserver } from '@tanstack/react-query';
import { createAuthStore, ME_QUERY_KEY, PROFILE_REFETCH_MS, type AuthDeps } from '../auth/auth-store';
import { shouldAutoCancel } from '../auth/auto-cancel';

const user: AuthUser = { uid: 'uid-1', email: 'ana@lab.com', displayName: 'Ana', emailVerified: false };

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'p1',
    providerId: 'uid-1',
    email: 'ana@lab.com',
    name: 'Ana',
    role: 'USER',
    subscription: null,
    hasActiveSubscription: false,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 0, used: 0 },
    consent: { termsVersion: '1', privacyVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z', current: true },
    team: null,
    teamNotice: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function setup(overrides: Partial<AuthDeps> = {}) {
  let emit: (u: AuthUser | null) => void = () => undefined;
  const deps: AuthDeps = {
    onUserChanged: (listener) => {
      emit = listener;
      return () => undefined;
    },
    fetchProfile: jest.fn(async () => profile()),
    createProfile: jest.fn(async (name) => profile({ name: name ?? 'sem nome' })),
    fetchSubscription: jest.fn(async () => null),
    cancelSubscription: jest.fn(async () => undefined),
    onProfileError: jest.fn(),
    now: () => new Date('2026-11-22T12:00:00Z'),
    ...overrides,
  };
  const queryClient = createQueryClient();
  const controller = createAuthStore(deps, queryClient);
  return { controller, deps, queryClient, emit: (u: AuthUser | null) => emit(u), state: () => controller.store.getState() };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('auth state machine', () => {
  afterEach(() => jest.useRealTimers());

  it('When the app starts, then it is "authenticating" until the identity provider answers', () => {
    expect(setup().state()).toEqual({ status: 'authenticating', user: null, profile: null });
  });

  it('When the provider reports no user, then the status is "anonymous" and the profile is cleared', async () => {
    const { emit, state } = setup();
    emit(user);
    await flush();
    emit(null);
    expect(state()).toEqual({ status: 'anonymous', user: null, profile: null });
  });

  it('When the provider reports a user, then it stays "authenticating" until the profile is loaded', async () => {
    let resolve: (p: UserProfile) => void = () => undefined;
    const { emit, state } = setup({ fetchProfile: () => new Promise((r) => (resolve = r)) });
    emit(user);
    expect(state().status).toBe('authenticating');
    resolve(profile());
    await flush();
    expect(state()).toEqual({ status: 'authenticated', user, profile: profile() });
  });

  it('When the profile does not exist yet (new sign-up), then it is created with the name typed and the consent given at sign-up', async () => {
    const { controller, emit, deps, state } = setup({ fetchProfile: jest.fn(async () => null) });
    controller.setPendingSignUp({ name: 'Ana Souza', acceptLegal: { termsVersion: '1', privacyVersion: '1' } });
    emit(user);
    await flush();
    expect(deps.createProfile).toHaveBeenCalledWith('Ana Souza', { termsVersion: '1', privacyVersion: '1' });
    expect(state().profile?.name).toBe('Ana Souza');
  });

  it('When the profile cannot be loaded, then the member is told and the status is not stuck', async () => {
    const { emit, deps, state } = setup({ fetchProfile: jest.fn(async () => Promise.reject(new Error('fora do ar'))) });
    emit(user);
    await flush();
    expect(state().status).toBe('anonymous');
    expect(deps.onProfileError).toHaveBeenCalledWith(new Error('fora do ar'));
  });

  it('When signed in, then the profile is refetched every 900000 ms, and no more after sign-out', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const fetchProfile = jest.fn(async (): Promise<UserProfile> => profile({ name: `Ana ${(calls += 1)}` }));
    const { emit, state } = setup({ fetchProfile });
    emit(user);
    await flush();
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(PROFILE_REFETCH_MS).toBe(900000);
    jest.advanceTimersByTime(PROFILE_REFETCH_MS - 1);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    expect(state().profile?.name).toBe('Ana 2');
    emit(null);
    jest.advanceTimersByTime(PROFILE_REFETCH_MS * 3);
    expect(fetchProfile).toHaveBeenCalledTimes(2);
  });

  it("When signed in, then the profile is the ['me'] query of the app's query cache", async () => {
    const { emit, queryClient } = setup();
    emit(user);
    await flush();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(profile());
  });

  it('When the member signs out, then every cached answer is dropped (the next person sees none of it)', async () => {
    const { emit, queryClient } = setup();
    emit(user);
    await flush();
    queryClient.setQueryData(['my-contents'], ['conteúdo da Ana']);
    emit(null);
    expect(queryClient.getQueryData(['my-contents'])).toBeUndefined();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
  });

  it('When another member signs in without a sign-out in between, then the cache is dropped and the profile is theirs', async () => {
    const bia: AuthUser = { uid: 'uid-2', email: 'bia@lab.com', displayName: 'Bia', emailVerified: false };
    const { emit, queryClient, state } = setup({ fetchProfile: jest.fn(async (uid: string) => (uid === 'uid-2' ? profile({ _id: 'p2', providerId: 'uid-2', name: 'Bia' }) : profile())) });
    emit(user);
    await flush();
    queryClient.setQueryData(['my-contents'], ['conteúdo da Ana']);
    emit(bia);
    expect(queryClient.getQueryData(['my-contents'])).toBeUndefined();
    await flush();
    expect(state().profile?.name).toBe('Bia');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ name: 'Bia' });
  });

  it('When a visitor signs in, then the public answers already cached are kept', async () => {
    const { emit, queryClient } = setup();
    emit(null);
    queryClient.setQueryData(['plans'], ['Mensal', 'Trimestral']);
    emit(user);
    await flush();
    expect(queryClient.getQueryData(['plans'])).toEqual(['Mensal', 'Trimestral']);
  });

  it('When a visitor signs in, then the answers a page fetched as a guest (a subscribers-only video) are asked again with the session (issue 25)', async () => {
    const { emit, queryClient } = setup();
    emit(null);
    const fetchVideo: jest.Mock<Promise<{ locked: boolean }>, []> = jest.fn(async () => ({ locked: fetchVideo.mock.calls.length <= 1 }));
    const observer = new QueryObserver(queryClient, { queryKey: ['videos', 'detail', 'calibracao'], queryFn: fetchVideo });
    const unsubscribe = observer.subscribe(() => undefined);
    await flush();
    expect(observer.getCurrentResult().data).toEqual({ locked: true });
    emit(user);
    await flush();
    await flush();
    expect(fetchVideo).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toEqual({ locked: false });
    unsubscribe();
  });

  it('When the signed-in profile gains access (a payment confirmed, a seat), then the answers that depend on it are asked again (issue 25)', async () => {
    let paid = false;
    const { controller, emit, queryClient } = setup({ fetchProfile: jest.fn(async () => profile({ hasActiveSubscription: paid, subscription: paid ? 's1' : null })) });
    emit(user);
    await flush();
    const fetchVideo = jest.fn(async () => ({ locked: !paid }));
    const observer = new QueryObserver(queryClient, { queryKey: ['videos', 'detail', 'calibracao'], queryFn: fetchVideo });
    const unsubscribe = observer.subscribe(() => undefined);
    await flush();
    expect(observer.getCurrentResult().data).toEqual({ locked: true });
    paid = true;
    await controller.refreshProfile();
    await flush();
    await flush();
    expect(observer.getCurrentResult().data).toEqual({ locked: false });
    // The same profile again changes nothing: no refetch loop.
    const calls = fetchVideo.mock.calls.length;
    await controller.refreshProfile();
    await flush();
    expect(fetchVideo).toHaveBeenCalledTimes(calls);
    unsubscribe();
  });

  it('When a page asks for the profile again (refreshProfile), then the new profile reaches the store', async () => {
    let calls = 0;
    const { controller, emit, state } = setup({ fetchProfile: jest.fn(async () => profile({ name: `Ana ${(calls += 1)}` })) });
    emit(user);
    await flush();
    await controller.refreshProfile();
    await flush();
    expect(state().profile?.name).toBe('Ana 2');
  });

  it('When the profile loads with a PAUSED subscription past its end date, then it is canceled and the user refetched', async () => {
    const paused = profile({ hasActiveSubscription: true, subscription: 's1' });
    const fetchProfile = jest.fn().mockResolvedValueOnce(paused).mockResolvedValueOnce(profile({ hasActiveSubscription: false, subscription: 's1' }));
    const { emit, deps, state } = setup({
      fetchProfile,
      fetchSubscription: jest.fn(async () => ({ _id: 's1', status: 'PAUSED' as const, endDate: '2026-11-01T00:00:00Z' })),
    });
    emit(user);
    await flush();
    expect(deps.cancelSubscription).toHaveBeenCalledWith('s1');
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    expect(state().profile?.hasActiveSubscription).toBe(false);
  });
});

describe('auto-cancel rule', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const past = '2026-11-21T12:00:00Z';
  const future = '2026-11-23T12:00:00Z';

  it.each([
    ['PAUSED, past end date, user still active', true, { _id: 's', status: 'PAUSED' as const, endDate: past }, true],
    ['PAUSED, end date in the future', true, { _id: 's', status: 'PAUSED' as const, endDate: future }, false],
    ['ACTIVE, past end date', true, { _id: 's', status: 'ACTIVE' as const, endDate: past }, false],
    ['PENDING, past end date', true, { _id: 's', status: 'PENDING' as const, endDate: past }, false],
    ['PAUSED, past, user not marked active', false, { _id: 's', status: 'PAUSED' as const, endDate: past }, false],
    ['PAUSED without end date', true, { _id: 's', status: 'PAUSED' as const, endDate: null }, false],
  ])('When %s, then cancel = %s', (_label, hasActiveSubscription, subscription, expected) => {
    expect(shouldAutoCancel({ hasActiveSubscription }, subscription, now)).toBe(expected);
  });
});
