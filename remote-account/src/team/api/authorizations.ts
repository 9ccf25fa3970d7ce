import { useAuth, type ApiBody, type ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type SignedRecord = ApiResponse<'/v1/authorizations/accounts/{accountId}'>['data'][number];
export type AuthorizationBody = ApiBody<'/v1/authorizations/accounts/{accountId}', 'post'>;
export type AuditPage = ApiResponse<'/v1/authorizations/accounts/{accountId}/audit'>;

const recordsKey = (accountId: string) => ['team', 'authorizations', accountId] as const;
export const AUDIT_PAGE_SIZE = 10;

/** `GET /v1/authorizations/accounts/{id}`: the laboratory's signed authorizations and revocations, newest first. */
export function useSignedRecords(accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: recordsKey(accountId),
    queryFn: ({ signal }) => api.get('/v1/authorizations/accounts/{accountId}', { params: { path: { accountId } }, signal }),
  });
}

/** `GET …/audit?page`: who did what and when, newest first; another page keeps the last one on screen while it loads. */
export function useAuditTrail(accountId: string, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['team', 'audit', accountId, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get('/v1/authorizations/accounts/{accountId}/audit', { params: { path: { accountId }, query: { page, limit: AUDIT_PAGE_SIZE } }, signal }),
  });
}

/** What a signature does once the password was confirmed: an authorization (or its correction), or a revocation. */
export type Signing = { kind: 'authorize'; body: AuthorizationBody } | { kind: 'revoke'; recordId: string; reason: string };

/**
 * Signs electronically: the manager's password is confirmed again through the shell (Firebase
 * re-authentication, a fresh token whose `auth_time` the API checks), then the record is sent.
 * A wrong password rejects with the shell's Portuguese message and nothing is sent.
 */
export function useSign(accountId: string) {
  const api = useApi();
  const { actions } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ password, signing }: { password: string; signing: Signing }) => {
      await actions.reauthenticate(password);
      return signing.kind === 'authorize'
        ? api.post('/v1/authorizations/accounts/{accountId}', { params: { path: { accountId } }, body: signing.body })
        : api.post('/v1/authorizations/records/{recordId}/revocation', { params: { path: { recordId: signing.recordId } }, body: { reason: signing.reason } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKey(accountId) }),
        queryClient.invalidateQueries({ queryKey: ['team', 'audit', accountId] }),
      ]),
  });
}
