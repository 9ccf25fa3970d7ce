import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import type { Trail, TrailLine } from '../api/get-trail';

const line = (overrides: Partial<TrailLine>): TrailLine => ({
  functionId: '667000000000000000000f01',
  functionName: 'Técnico de coleta',
  itemType: 'VIDEO',
  itemId: '667000000000000000000v01',
  title: 'Coleta de sangue venoso',
  document: 'POP-COL-003 rev. 4',
  status: 'VALID',
  completedAt: '2026-03-10T12:00:00.000Z',
  completedRevision: 4,
  scorePercent: 90,
  validUntil: '2027-03-10T12:00:00.000Z',
  dueAt: null,
  overdue: false,
  ...overrides,
});

let trail: Trail;
let failNext = false;
let server: MockApi;

beforeAll(async () => {
  await import('../trail-page');
  server = startMockApi(
    mockApi('get', '/v1/me/trail/', () => {
      if (failNext) {
        failNext = false;
        return apiError(503, 'Serviço indisponível no momento. Tente novamente em instantes.');
      }
      return trail;
    }),
  );
});
afterEach(() => {
  failNext = false;
});
afterAll(() => server.close());

describe('/equipe/trilha (Minha trilha)', () => {
  it('When the member has a function, then each requirement shows its status, the document revision and the dates that matter', async () => {
    trail = {
      data: [
        line({}),
        line({ itemId: '667000000000000000000v02', title: 'Higienização das mãos', status: 'REVISION_DUE', document: 'POP-HIG-001 rev. 2', completedRevision: 1, validUntil: null, scorePercent: null, dueAt: '2026-04-01T12:00:00.000Z' }),
        line({ itemId: '667000000000000000000v03', title: 'Uso de EPI', status: 'EXPIRED', document: null, completedRevision: null, scorePercent: null, validUntil: '2026-02-01T12:00:00.000Z', dueAt: '2026-02-01T12:00:00.000Z', overdue: true }),
      ],
    };
    renderRoute(<Routes />, '/equipe/trilha', { persona: 'membro' });
    const section = await screen.findByRole('region', { name: 'Técnico de coleta' }, { timeout: 5000 });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Coleta de sangue venosoEm diaPOP-COL-003 rev. 4Concluído em 10/03/2026 (rev. 4) · nota 90 % · vale até 10/03/2027');
    expect(items[1]).toHaveTextContent('Higienização das mãosNova revisão a fazerPOP-HIG-001 rev. 2Concluído em 10/03/2026 (rev. 1) · prazo 01/04/2026');
    expect(items[2]).toHaveTextContent('Uso de EPIVencidaConcluído em 10/03/2026 · venceu 01/02/2026');
    expect(within(items[0]!).getByRole('link', { name: 'Coleta de sangue venoso' })).toHaveAttribute('href', '/videos/667000000000000000000v01');
  });

  it('When no function is assigned, then the page says so; when the API fails, then its message and a retry', async () => {
    trail = { data: [] };
    failNext = true;
    renderRoute(<Routes />, '/equipe/trilha', { persona: 'membro' });
    expect(await screen.findByText('Serviço indisponível no momento. Tente novamente em instantes.', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Nenhuma função atribuída' })).toBeInTheDocument();
  });
});
