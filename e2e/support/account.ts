import type { Page } from 'playwright-core';
import { API_URL, KNOWN_CEP } from './stack';

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

/**
 * What a person sees when a step did not arrive: the address, the page's headings, its alerts and
 * toasts (an API error, a field's message) — for a failure's report, where a timeout alone says nothing.
 */
export async function whatThePageShows(page: Page): Promise<string> {
  try {
    const seen = await page.evaluate(() => {
      const texts = (selector: string) => Array.from(document.querySelectorAll<HTMLElement>(selector)).map((element) => element.innerText.trim().replace(/\s+/g, ' ')).filter(Boolean);
      return { headings: texts('h1, h2'), alerts: texts('[role="alert"], .clube-toaster > *') };
    });
    return `${page.url()}; títulos: ${JSON.stringify(seen.headings)}; avisos: ${JSON.stringify(seen.alerts)}`;
  } catch (error) {
    return `${page.url()} (não foi possível ler a página: ${String(error)})`;
  }
}

/** Waits for the page's heading; when it does not come, the failure says what the page showed instead. */
export async function waitForHeading(page: Page, name: string, level = 1): Promise<void> {
  await page
    .getByRole('heading', { level, name, exact: true })
    .waitFor({ timeout: 20000 })
    .catch(async (error: unknown) => {
      throw new Error(`"${name}" não apareceu. A página mostrava: ${await whatThePageShows(page)}`, { cause: error });
    });
}

/**
 * A visitor signs up through the shell's pages and fills the laboratory step (the CEP answered by the
 * stack's stand-in), up to the "Bem-vindo ao Clube" page.
 */
export async function signUpThroughPage(
  page: Page,
  shellUrl: string,
  person: { name: string; email: string; password: string },
  laboratory: string,
): Promise<void> {
  const heading = (name: string) => waitForHeading(page, name);
  await page.goto(`${shellUrl}/autenticacao/registro`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirme a senha').fill(person.password);
  await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await heading('Dados do laboratório');
  await page.getByLabel('Nome do laboratório').fill(laboratory);
  await page.getByLabel('CNPJ').fill('11222333000181');
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('CEP').fill(KNOWN_CEP.cep);
  await page.getByText('Endereço preenchido pelo CEP. Confira e informe o número.').waitFor();
  await page.getByLabel('Número').fill('1000');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await heading('Bem-vindo ao Clube');
}
