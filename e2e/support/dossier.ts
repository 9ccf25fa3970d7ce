import { api } from './account';

// The competence dossier's journey (issue 31) through the API: only the development clock, which no
// page moves (the admin's quiz and revisions go through their pages: support/dossier-admin.ts).

async function call<T>(method: string, path: string, token: string, body: unknown, expected: number): Promise<T> {
  const result = await api<T>(method, path, token, body);
  if (result.status !== expected) throw new Error(`${method} /v1${path} respondeu ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

/** `POST /v1/dev/clock` as the admin: the API's clock `dias` whole days further ahead (reconciliation runs at the new date). */
export function moveApiClock(adminToken: string, dias: number): Promise<{ now: string; offsetDays: number }> {
  return call('POST', '/dev/clock', adminToken, { dias }, 200);
}

/** `DELETE /v1/dev/clock` as the admin: the API's real clock again. */
export function resetApiClock(adminToken: string): Promise<{ now: string; offsetDays: number }> {
  return call('DELETE', '/dev/clock', adminToken, undefined, 200);
}
