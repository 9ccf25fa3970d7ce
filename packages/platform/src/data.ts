// `@clube/platform/data`: the stateless data helpers — the typed API client (with the catalogue's
// calls for contents and videos) and the paginated list hook. Unlike `@clube/platform` (one shared
// singleton holding the app's state), this entry is bundled by each frontend that imports it, so the
// shell does not carry list code it never runs.
// It keeps no state of its own: it reads the singleton's API client and the router's URL.
// State comes from the singleton, by its package name (never a relative path: that would be a copy).
import { useApiClient, useAuth } from '@clube/platform';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createTypedApi, type ApiBody, type TypedApi } from './api/typed-api';

export * from './api/typed-api';
export * from './api/catalogue';
export * from './paginated-query';

/**
 * The shell's API client with types generated from the API's OpenAPI document: paths, params,
 * bodies and responses are checked by the compiler.
 *   const api = useApi();
 *   const user = await api.get('/v1/users/{id}', { params: { path: { id } } });
 */
export function useApi(): TypedApi {
  const client = useApiClient();
  return useMemo(() => createTypedApi(client as unknown as Parameters<typeof createTypedApi>[0]), [client]);
}

/** What `PATCH /v1/users/{id}` takes: name, laboratory, onboarding, consent… */
export type OwnProfileBody = ApiBody<'/v1/users/{id}', 'patch'>;

/**
 * A change to the signed-in member's own profile: `PATCH /v1/users/{id}` with `toBody(input)`, then
 * the profile (`['me']`) is fetched again, so every page and guard sees the change. Without a
 * profile (the session ended) it fails with the message the form shows.
 */
export function useOwnProfileChange<T>(toBody: (input: T) => OwnProfileBody, options: Pick<UseMutationOptions<void, Error, T>, 'onSuccess'> = {}) {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  return useMutation<void, Error, T>({
    mutationFn: async (input) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await api.patch('/v1/users/{id}', { params: { path: { id: profile._id } }, body: toBody(input) });
      await refreshProfile();
    },
    ...options,
  });
}
