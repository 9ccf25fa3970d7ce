import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// The text a PDF reader shows (PDF.js through unpdf, in a child process): the same helper the API tests use.
export { pdfText } from '../../api/test/helpers/pdf-text';

/** The text a QR code PNG (raw bytes) encodes, read by jsQR. */
export function decodeQrPng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** A new emulator account with a profile, onboarding done: `{ token, id }` for API calls. */
export async function createMember(apiUrl: string, { email, password, name }: { email: string; password: string; name: string }) {
  const signUp = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${apiUrl}/v1/users`, { method: 'POST', headers, body: JSON.stringify({ name }) });
  if (created.status !== 201) throw new Error(`POST /v1/users respondeu ${created.status}`);
  const { _id } = (await created.json()) as { _id: string };
  const done = await fetch(`${apiUrl}/v1/users/${_id}`, { method: 'PATCH', headers, body: JSON.stringify({ onboardingCompleted: true }) });
  if (done.status !== 200) throw new Error(`PATCH /v1/users respondeu ${done.status}`);
  return { token: idToken, id: _id };
}
