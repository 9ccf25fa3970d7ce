import { api } from './account';

// What the admin does for the competence dossier's journey (issue 31), through the API: the quiz of a
// video and its document revisions. The admin's quiz and revision editors are being built in
// remote-admin on another branch; once merged, these two steps move to those pages.

async function call<T>(method: string, path: string, token: string, body: unknown, expected: number): Promise<T> {
  const result = await api<T>(method, path, token, body);
  if (result.status !== expected) throw new Error(`${method} /v1${path} respondeu ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

export interface QuizQuestion {
  kind: 'SINGLE' | 'MULTIPLE';
  text: string;
  explanation?: string | null;
  options: { text: string; correct: boolean }[];
}

/** `PUT /v1/assessments/videos/{id}` as the admin: the video's quiz (graded on the server). */
export function putVideoQuiz(adminToken: string, videoId: string, quiz: { passMarkPercent: number; maxAttempts: number; questions: QuizQuestion[] }): Promise<unknown> {
  return call('PUT', `/assessments/videos/${videoId}`, adminToken, quiz, 200);
}

/** `POST /v1/revisions/videos/{id}` as the admin: a document revision of the video ("POP-CEN-001 rev. 2"). */
export function publishVideoRevision(
  adminToken: string,
  videoId: string,
  revision: { documentCode: string; revision: number; effectiveDate: string; changeSummary: string; dueInDays?: number },
): Promise<{ label: string }> {
  return call('POST', `/revisions/videos/${videoId}`, adminToken, revision, 201);
}

/** `PUT /v1/dev/clock` as the admin (the stack runs the API with DEV_CLOCK=1): the API's clock `offsetDays` ahead; 0 puts it back. */
export function moveApiClock(adminToken: string, offsetDays: number): Promise<{ now: string; offsetDays: number }> {
  return call('PUT', '/dev/clock', adminToken, { offsetDays }, 200);
}
