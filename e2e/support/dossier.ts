import { api } from './account';

// The competence dossier's journey (issue 31) through the API: only the development clock, which no
// page moves (the admin's quiz and revisions go through their pages: support/dossier-admin.ts).

async function call<T>(method: string, path: string, token: string, body: unknown, expected: number): Promise<T> {
  const result = await api<T>(method, path, token, body);
  if (result.status !== expected) throw new Error(`${method} /v1${path} respondeu ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

/** `PUT /v1/dev/clock` as the admin (the stack runs the API with DEV_CLOCK=1): the API's clock `offsetDays` ahead; 0 puts it back. */
export function moveApiClock(adminToken: string, offsetDays: number): Promise<{ now: string; offsetDays: number }> {
  return call('PUT', '/dev/clock', adminToken, { offsetDays }, 200);
}
