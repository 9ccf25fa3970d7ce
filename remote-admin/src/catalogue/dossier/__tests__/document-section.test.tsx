import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentSection } from '../document-section';

const ID = '6f0000000000000000000001';

const revision = (number: number, changes: Record<string, unknown> = {}) => ({
  id: `6e000000000000000000000${number}`,
  itemType: 'VIDEO' as const,
  itemId: ID,
  itemTitle: 'Coleta segura',
  documentCode: 'POP-COL-003',
  revision: number,
  label: `POP-COL-003 rev. ${number}`,
  effectiveDate: `2026-0${number}-01`,
  changeSummary: `Mudança ${number}`,
  first: number === 3,
  retrainingDueAt: number === 3 ? null : '2026-05-01T12:00:00.000Z',
  publishedAt: `2026-0${number}-01T12:00:00.000Z`,
  publishedByName: 'Ana Admin',
  ...changes,
});

let server: MockApi;
let history: ReturnType<typeof revision>[] = [];
let publishReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/revisions/{kind}/{itemId}', () => ({ current: history[0] ?? null, history })),
    mockApi('get', '/v1/revisions/{kind}/{itemId}/impact', () => ({ people: 7, completionsInForce: 5 })),
    mockApi('post', '/v1/revisions/{kind}/{itemId}', ({ body }) => publishReply ?? revision(body.revision, { ...body, label: `${body.documentCode} rev. ${body.revision}` }), { status: 201 }),
  );
});
afterEach(() => {
  server.reset();
  history = [];
  publishReply = null;
});
afterAll(() => server.close());

const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('the document section', () => {
  it('When the item is not under document control, then the admin registers code, revision and date after a confirmation that nothing is superseded', async () => {
    renderRoute(<DocumentSection kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    expect(await screen.findByText(/Este item ainda não está sob controle de documento/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar documento' }));
    expect(await screen.findByLabelText('Código do documento')).toHaveAccessibleDescription('Informe o código do documento (ex.: POP-COL-003).');
    expect(screen.getByLabelText('Resumo da revisão')).toHaveAccessibleDescription('Diga o que mudou (ao menos 3 caracteres).');

    await userEvent.type(screen.getByLabelText('Código do documento'), 'pop-col-003');
    await userEvent.clear(screen.getByLabelText('Número da revisão'));
    await userEvent.type(screen.getByLabelText('Número da revisão'), '3');
    await userEvent.clear(screen.getByLabelText('Vigente desde'));
    await userEvent.type(screen.getByLabelText('Vigente desde'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('Resumo da revisão'), 'Primeira revisão controlada');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar documento' }));

    const dialog = await screen.findByRole('dialog', { name: 'Registrar documento: POP-COL-003 rev. 3?' });
    expect(dialog).toHaveTextContent('POP-COL-003 rev. 3 coloca este item sob controle de documento, vigente desde 01/03/2026. Nenhuma conclusão é substituída');
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar documento' }));
    expect(await screen.findByText('Documento registrado')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `/v1/revisions/videos/${ID}`,
        body: { documentCode: 'POP-COL-003', revision: 3, effectiveDate: '2026-03-01', changeSummary: 'Primeira revisão controlada', dueInDays: 30 },
      },
    ]);
  });

  it('When a revision is in force, then the page shows it and the history; publishing a new one says what happens, and the API refusal shows in the dialog', async () => {
    history = [revision(4), revision(3)];
    renderRoute(<DocumentSection kind="contents" itemId={ID} />, '/', { persona: 'admin' });
    expect(await screen.findByText('Revisão vigente:', { exact: false }, { timeout: 5000 })).toHaveTextContent('Revisão vigente: POP-COL-003 rev. 4, desde 01/04/2026.');
    const rows = within(screen.getByRole('table', { name: 'Histórico de revisões' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RevisãoVigente desdeO que mudouPublicadaPrazo para refazer',
      expect.stringMatching(/^POP-COL-003 rev\. 4 \(vigente\)01\/04\/2026Mudança 4.* por Ana Admin01\/05\/2026$/),
      expect.stringMatching(/^POP-COL-003 rev\. 301\/03\/2026Mudança 3.* por Ana AdminPrimeira revisão$/),
    ]);
    expect(screen.queryByLabelText('Código do documento')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Número da revisão')).toHaveValue('5');

    await userEvent.type(screen.getByLabelText('O que mudou'), 'Novo tubo de coleta');
    await userEvent.clear(screen.getByLabelText('Prazo para a equipe refazer (dias)'));
    await userEvent.type(screen.getByLabelText('Prazo para a equipe refazer (dias)'), '400');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar nova revisão' }));
    await waitFor(() => expect(screen.getByLabelText('Prazo para a equipe refazer (dias)')).toHaveAccessibleDescription(/Prazo: use um número inteiro de 1 a 365 dias\./));
    await userEvent.clear(screen.getByLabelText('Prazo para a equipe refazer (dias)'));
    await userEvent.type(screen.getByLabelText('Prazo para a equipe refazer (dias)'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar nova revisão' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publicar nova revisão: POP-COL-003 rev. 5?' });
    // The API counts who the revision reaches when the dialog opens.
    expect(await within(dialog).findByText(/^7 pessoas têm uma função que exige este item: ele volta a ser devido para elas, com prazo até \d{2}\/\d{2}\/\d{4} \(15 dias\)\./)).toHaveTextContent(
      'Das conclusões de POP-COL-003 rev. 4, 5 conclusões em vigor passam a "substituída", e os certificados dela passam a dizer "Substituído (nova revisão do documento)".',
    );

    publishReply = apiError(409, 'A revisão 5 deste documento já foi publicada.', 'REVISION_NOT_NEWER');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar nova revisão' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A revisão 5 deste documento já foi publicada.');

    publishReply = null;
    history = [revision(5, { changeSummary: 'Novo tubo de coleta' }), revision(4), revision(3)];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar nova revisão' }));
    expect(await screen.findByText('Nova revisão publicada')).toBeInTheDocument();
    expect(await screen.findByText('Revisão vigente:', { exact: false })).toHaveTextContent('POP-COL-003 rev. 5');
    expect(screen.getByLabelText('Número da revisão')).toHaveValue('6');
    expect(writes().map((write) => write.body)).toEqual([
      { documentCode: 'POP-COL-003', revision: 5, effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), changeSummary: 'Novo tubo de coleta', dueInDays: 15 },
      { documentCode: 'POP-COL-003', revision: 5, effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), changeSummary: 'Novo tubo de coleta', dueInDays: 15 },
    ]);
  });

  it('When the revisions cannot be loaded, then the section says why and offers to try again', async () => {
    server.use(mockApi('get', '/v1/revisions/{kind}/{itemId}', () => apiError(500, 'Algo deu errado no servidor. Tente novamente.', 'INTERNAL')));
    renderRoute(<DocumentSection kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    expect(await screen.findByText('Algo deu errado no servidor. Tente novamente.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
