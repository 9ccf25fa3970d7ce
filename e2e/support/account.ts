import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { API_URL } from './stack';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's WCAG 2.x A/AA rules and best practices on the whole page; the serious and critical findings. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The checks every account page gets: a screenshot at 1280 px, then at 360 px no horizontal
 * scroll, axe with no serious or critical finding and a screenshot; the viewport goes back to 1280.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `account-${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `account-${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A real ID token for an account of the Firebase Auth emulator. */
export async function idTokenFor(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string; error?: { message: string } };
  if (!response.ok) throw new Error(`emulador recusou o login de ${email}: ${body.error?.message}`);
  return body;
}

/** Calls the API under test as the holder of `token`; answers status and parsed body. */
export async function api<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API_URL}/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
