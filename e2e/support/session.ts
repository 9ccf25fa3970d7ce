import type { Page } from 'playwright-core';
import { waitForApp } from './browser';

export const ADMIN = { email: 'admin@clube.local', password: 'Clube#Admin2026' };
export const MEMBER = { email: 'membro@clube.local', password: 'Clube#Membro2026' };

/** Signs in through the login page, as a person would. */
export async function signInThroughPage(page: Page, shellUrl: string, { email, password }: { email: string; password: string }, path = '/autenticacao/login'): Promise<void> {
  if (!page.url().includes('/autenticacao/login')) await page.goto(`${shellUrl}${path}`, { waitUntil: 'domcontentloaded' });
  // The login page may be the server's first view (its form inert): typing there is lost when the app takes over.
  await waitForApp(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).waitFor({ timeout: 15000 });
}

/** The oobCodes the Firebase Auth emulator "sent" by e-mail. */
export async function emulatorOobCodes(emulatorHost: string, projectId: string): Promise<Array<{ email: string; oobCode: string; requestType: string }>> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const body = (await response.json()) as { oobCodes: Array<{ email: string; oobCode: string; requestType: string }> };
  return body.oobCodes;
}
