import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { authFor, personaProfile, renderRoute } from '@clube/dev-harness/test';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { content } from '../../__tests__/support/fixtures';

let unlocked = false;
const BODY = '## Passo a passo\n\nUse **luvas**.<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';

const api = startMockApi(
  mockApi('get', '/v1/contents/{idOrSlug}', ({ params }) => {
    if (params.idOrSlug === 'creditos' && !unlocked)
      return content({ slug: 'creditos', title: 'Acreditação', access: 'CREDITS', creditCost: 2, locked: true, lockReason: 'UNLOCK_REQUIRED', lockMessage: 'Desbloqueie com créditos para ler.' });
    return content({
      slug: params.idOrSlug ?? '',
      coverUrl: params.idOrSlug === 'com-capa' ? 'http://127.0.0.1:9/v1/files/images/capa.png' : null,
      access: params.idOrSlug === 'creditos' ? 'CREDITS' : 'FREE',
      creditCost: params.idOrSlug === 'creditos' ? 2 : 0,
      unlocked: params.idOrSlug === 'creditos',
      body: BODY,
      attachmentsCount: 1,
      attachments: [{ name: 'Checklist (PDF)', key: 'documents/a.pdf', contentType: 'application/pdf', url: 'http://127.0.0.1:9/v1/files/documents/a.pdf?expires=1&signature=x', expiresAt: '2026-03-01T12:00:00.000Z' }],
    });
  }),
  mockApi('post', '/v1/unlocks/', ({ body }) => {
    unlocked = true;
    return { charged: true, credits: { balance: 3, used: 2 }, unlock: { _id: 'f'.repeat(24), createdAt: '2026-03-01T12:00:00.000Z', credits: 2, itemId: body.itemId, itemType: body.itemType } };
  }, { status: 201 }),
);
afterEach(() => {
  unlocked = false;
  api.reset();
});
afterAll(() => api.close());

describe('/conteudos/{slug}', () => {
  it('When the member may read it, then the Markdown is rendered without anything that runs, and attachments download through their signed links', async () => {
    renderRoute(<Routes />, '/conteudos/protocolo', { persona: 'membro' });
    const article = await screen.findByRole('article', { name: 'Conteúdo' }, { timeout: 5000 });
    expect(await within(article).findByRole('heading', { level: 2, name: 'Passo a passo' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(article).getByText('luvas').tagName).toBe('STRONG');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Baixar Checklist (PDF)' })).toHaveAttribute('href', 'http://127.0.0.1:9/v1/files/documents/a.pdf?expires=1&signature=x');
  });

  it('When the content has a cover, then the page shows it above the summary; without one, no image', async () => {
    const first = renderRoute(<Routes />, '/conteudos/com-capa', { persona: 'membro' });
    const cover = await screen.findByRole('img', { name: `Capa: ${content().title}` }, { timeout: 5000 });
    expect(cover).toHaveAttribute('src', 'http://127.0.0.1:9/v1/files/images/capa.png');
    expect(cover.compareDocumentPosition(screen.getByText(content().summary)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    first.unmount();
    renderRoute(<Routes />, '/conteudos/protocolo', { persona: 'membro' });
    await screen.findByRole('article', { name: 'Conteúdo' }, { timeout: 5000 });
    expect(screen.queryByRole('img', { name: /^Capa:/ })).toBeNull();
  });

  it('When a subscriber unlocks a credits content, then the confirmation shows the balance before and after and the body appears', async () => {
    const profile = { ...personaProfile('assinante')!, credits: { balance: 5, used: 0 } };
    renderRoute(<Routes />, '/conteudos/creditos', { auth: { ...authFor(profile), refreshProfile: jest.fn().mockResolvedValue(undefined) } });
    expect(await screen.findByText('Desbloqueie com créditos para ler.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Conteúdo' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Desbloquear por 2 créditos (saldo: 5)' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Saldo atual: 5 créditos. Depois do desbloqueio: 3 créditos.');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desbloquear por 2 créditos' }));
    expect(await screen.findByRole('article', { name: 'Conteúdo' })).toBeInTheDocument();
    expect(screen.getByText('Desbloqueado')).toBeInTheDocument();
  });

  it('When the balance is short, then the unlock button is disabled and says why', async () => {
    const profile = { ...personaProfile('assinante')!, credits: { balance: 1, used: 0 } };
    renderRoute(<Routes />, '/conteudos/creditos', { auth: authFor(profile) });
    expect(await screen.findByRole('button', { name: 'Desbloquear por 2 créditos (saldo: 1)' }, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText(/Seu saldo não é suficiente/)).toBeInTheDocument();
  });
});
