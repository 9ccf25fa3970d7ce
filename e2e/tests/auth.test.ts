import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { emulatorOobCodes, MEMBER, signInThroughPage } from '../support/session';
import { KNOWN_CEP, POSTHOG_URL, PROJECT_ID, type CapturedEvent } from '../support/stack';

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function open(pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 15000 });
}

async function register(name: string, email: string, password: string): Promise<void> {
  await open('/autenticacao/registro');
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a senha').fill(password);
  await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

async function fillLaboratory(cep: string): Promise<void> {
  await page.getByLabel('Nome do laboratório').fill('Laboratório Vida Análises');
  await page.getByLabel('CNPJ').fill('11222333000181');
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('CEP').fill(cep);
}

beforeAll(async () => {
  await frontends.startAll();
});

beforeEach(async () => {
  session = await openBrowser();
  page = session.page;
});

afterEach(async () => {
  await session.close();
});

afterAll(async () => {
  await frontends.stopAll();
});

describe('signing up, in and out', () => {
  it('When a visitor registers, then a confirmation e-mail is sent, onboarding fills the address from the CEP and the member lands on the home page', async () => {
    const email = `ana.${unique()}@lab.test`;
    await register('Ana Pereira', email, 'Segura#2026');
    await heading('Dados do laboratório');
    // Signing up sends the e-mail that confirms the address (/usuario offers to send it again).
    const codes = await emulatorOobCodes(process.env.FIREBASE_AUTH_EMULATOR_HOST as string, PROJECT_ID);
    expect(codes.some((code) => code.email === email && code.requestType === 'VERIFY_EMAIL')).toBe(true);
    await fillLaboratory(KNOWN_CEP.cep);
    await expectValue('Rua', KNOWN_CEP.street);
    await expectValue('Cidade', KNOWN_CEP.city);
    await page.getByLabel('Número').fill('1000');
    await screenshot(page, 'onboarding-cep-found-1280');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await heading('Bem-vindo ao Clube');
    await page.getByRole('link', { name: 'Ana' }).waitFor();
  });

  it('When the CEP lookup fails, then the member types the address by hand and finishes onboarding', async () => {
    await register('Bruno Lima', `bruno.${unique()}@lab.test`, 'Segura#2026');
    await heading('Dados do laboratório');
    await fillLaboratory('99999999');
    await page.getByText('Preencha o endereço manualmente', { exact: false }).waitFor();
    await page.getByLabel('Rua').fill('Rua das Flores');
    await page.getByLabel('Número').fill('42');
    await page.getByLabel('Bairro').fill('Centro');
    await page.getByLabel('Cidade').fill('Curitiba');
    await page.getByLabel('Estado').selectOption('PR');
    await screenshot(page, 'onboarding-cep-manual-1280');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await heading('Bem-vindo ao Clube');
  });

  it('When a member logs out, then local storage is empty and the login page is shown', async () => {
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await page.evaluate(() => window.localStorage.setItem('clube-teste', '1'));
    await page.getByRole('button', { name: 'Sair' }).click();
    await heading('Entrar');
    expect(new URL(page.url()).pathname).toBe('/autenticacao/login');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  });

  it('When the password is wrong, then a Portuguese message says so', async () => {
    await open('/autenticacao/login');
    await page.getByLabel('E-mail').fill(MEMBER.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail ou senha incorretos.').waitFor();
  });

  it('When a member forgets the password, then the e-mailed link sets a new one and it signs in', async () => {
    const email = `carla.${unique()}@lab.test`;
    await register('Carla Souza', email, 'Antiga#2026');
    await heading('Dados do laboratório');
    await session.close();
    session = await openBrowser();
    page = session.page;

    await open('/autenticacao/esqueci-senha');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('enviamos um link', { exact: false }).waitFor();
    const codes = await emulatorOobCodes(process.env.FIREBASE_AUTH_EMULATOR_HOST as string, PROJECT_ID);
    const reset = codes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET').at(-1);
    expect(reset).toBeDefined();

    await open(`/autenticacao/atualizar-senha?mode=resetPassword&oobCode=${encodeURIComponent(reset!.oobCode)}`);
    await page.getByLabel('Nova senha').fill('Nova#Senha2026');
    await page.getByLabel('Confirme a senha').fill('Nova#Senha2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('link', { name: 'Entrar' }).last().waitFor();

    await open('/autenticacao/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Nova#Senha2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await heading('Dados do laboratório'); // signed in; onboarding still pending
  });
});

describe('the Firebase SDK only for a session', () => {
  const FIREBASE_SDK = /\/firebase-sdk\.[0-9a-f]{8}\.js$/;
  const API_CLIENT = /\/api-client\.[0-9a-f]{8}\.js$/;
  const headerLink = (target: Page, name: string) => target.getByRole('banner').getByRole('link', { name, exact: true });

  it('When a guest opens public pages and the login page, then the header offers "Entrar" without downloading the Firebase SDK; signing in downloads it and a reload keeps the member signed in', async () => {
    const sdkRequests: string[] = [];
    const apiClientRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (FIREBASE_SDK.test(pathname)) sdkRequests.push(pathname);
      if (API_CLIENT.test(pathname)) apiClientRequests.push(pathname);
    });
    await open('/videos');
    await heading('Vídeos');
    await headerLink(page, 'Entrar').waitFor();
    await open('/planos');
    await heading('Planos');
    await page.waitForLoadState('networkidle');
    expect(sdkRequests).toEqual([]);

    // The login page fetches neither the SDK nor the API client before the person starts typing.
    apiClientRequests.length = 0;
    await open('/autenticacao/login');
    await heading('Entrar');
    await page.waitForLoadState('networkidle');
    expect([...sdkRequests, ...apiClientRequests]).toEqual([]);

    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    expect(sdkRequests).toHaveLength(1);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Sair', exact: true }).waitFor({ timeout: 15000 });
  });

  it('When a guest tab is open and the member signs in in another tab, then coming back to the first tab shows them signed in', async () => {
    await open('/videos');
    await headerLink(page, 'Entrar').waitFor();
    const other = await session.context.newPage();
    try {
      await signInThroughPage(other, frontends.shellUrl, MEMBER);
    } finally {
      await other.close();
    }
    // Headless Chromium does not switch tabs: the first tab hears "visible again" as a real switch would tell it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('button', { name: 'Sair', exact: true }).waitFor({ timeout: 15000 });
    expect(await headerLink(page, 'Entrar').count()).toBe(0);
  });
});

describe('guards', () => {
  it('When a member opens an admin page, then "Sem permissão" is shown', async () => {
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open('/admin/conteudo');
    await heading('Sem permissão');
  });

  it('When a visitor opens /assinatura, then they sign in and come back to it', async () => {
    await open('/assinatura');
    await heading('Entrar');
    expect(page.url()).toContain('redirect=%2Fassinatura');
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await heading('Minha assinatura');
    expect(new URL(page.url()).pathname).toBe('/assinatura');
  });
});

describe('analytics', () => {
  it('When PostHog is configured, then identify, page view and the logout reset reach its host', async () => {
    await frontends.stop('shell');
    process.env.POSTHOG_KEY = 'phc_teste_local';
    process.env.POSTHOG_HOST = POSTHOG_URL;
    try {
      await frontends.start('shell');
      await open('/');
      await heading('Bem-vindo ao Clube');
      await signInThroughPage(page, frontends.shellUrl, MEMBER);
      await open('/videos');
      await heading('Vídeos');
      await page.getByRole('button', { name: 'Sair' }).click();
      await heading('Entrar');

      const events = await waitForEvents((list) => list.some((e) => e.event === 'logout'));
      const identify = events.find((e) => e.event === '$identify');
      expect(identify).toBeDefined();
      const memberId = identify!.distinct_id;
      expect(events.some((e) => e.event === '$pageview' && String(e.properties?.$current_url).endsWith('/videos') && e.distinct_id === memberId)).toBe(true);
      expect(events.find((e) => e.event === 'logout')?.distinct_id).toBe(memberId);
      // After the reset, the visitor is anonymous again: the next page view has another id.
      const afterLogout = await waitForEvents((list) => list.some((e) => e.event === '$pageview' && String(e.properties?.$current_url).includes('/autenticacao/login') && e.distinct_id !== memberId));
      expect(afterLogout.length).toBeGreaterThan(0);
    } finally {
      delete process.env.POSTHOG_KEY;
      delete process.env.POSTHOG_HOST;
      await frontends.stop('shell');
      await frontends.start('shell');
    }
  });
});

describe('auth pages as a new user sees them', () => {
  it.each([360, 1280])('When each auth page is opened at %i px, then it renders its form', async (width) => {
    await session.close();
    session = await openBrowser({ width, height: 800 });
    page = session.page;
    for (const [pathname, title] of [
      ['/autenticacao/registro', 'Criar conta'],
      ['/autenticacao/login', 'Entrar'],
      ['/autenticacao/esqueci-senha', 'Esqueci minha senha'],
      ['/autenticacao/atualizar-senha?mode=resetPassword&oobCode=exemplo', 'Atualizar senha'],
    ] as const) {
      await open(pathname);
      await heading(title);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `auth${pathname.split('?')[0]!.replace(/\//g, '-')}-${width}`);
    }
    await register('Diana Rocha', `diana.${unique()}@lab.test`, 'Segura#2026');
    await heading('Dados do laboratório');
    await screenshot(page, `auth-onboarding-${width}`);
  });
});

async function expectValue(label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await page.waitForFunction(
    ([el, expected]) => (el as HTMLInputElement).value === expected,
    [await field.elementHandle(), value] as const,
    { timeout: 10000 },
  );
}

async function waitForEvents(done: (events: CapturedEvent[]) => boolean, timeoutMs = 15000): Promise<CapturedEvent[]> {
  const deadline = Date.now() + timeoutMs;
  let events: CapturedEvent[] = [];
  while (Date.now() < deadline) {
    events = (await (await fetch(`${POSTHOG_URL}/__events`)).json()) as CapturedEvent[];
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Eventos esperados não chegaram ao PostHog local: ${events.map((e) => e.event).join(', ')}`);
}
