import { apiError, HANG, MOCK_API_URL, mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResponse } from '@clube/platform';
import Routes from '../../routes';

type Certificate = ApiResponse<'/v1/certificates/{code}', 'get'>;

const FIRST = 'K7Q2M9XW4T';
const SECOND = 'P3RZ8N1VQA';
const history = [
  { code: FIRST, version: 1, holderName: 'Mariana Sousa', issuedAt: '2026-03-10T15:00:00.000Z' },
  { code: SECOND, version: 2, holderName: 'Mariana Souza', issuedAt: '2026-03-12T15:00:00.000Z' },
];
const base: Certificate = {
  code: FIRST,
  version: 1,
  holderName: 'Mariana Sousa',
  videoTitle: 'Biossegurança na coleta',
  hours: 1.5,
  workload: '1 h 30 min',
  completedAt: '2026-03-10T15:00:00.000Z',
  issuedAt: '2026-03-10T15:00:00.000Z',
  laboratory: { name: 'Laboratório Vida', cnpj: '11222333000181' },
  current: true,
  supersededBy: null,
  history: [history[0]!],
  status: 'VALID',
  statusLabel: 'Válido',
  document: null,
  currentRevision: null,
  validUntil: null,
};
const controlled: Pick<Certificate, 'document' | 'validUntil'> = { document: { code: 'POP-COL-003', revision: 3, label: 'POP-COL-003 rev. 3' }, validUntil: '2027-03-10T15:00:00.000Z' };

let failNext = false;
const api = startMockApi(
  mockApi('get', '/v1/certificates/{code}', ({ params }) => {
    const code = (params.code ?? '').toUpperCase();
    if (code === 'LENTO00000') return HANG;
    if (code === 'FALHA00000' && failNext) {
      failNext = false;
      return apiError(503, 'Serviço indisponível no momento. Tente novamente em instantes.');
    }
    if (code === 'FALHA00000') return { ...base, code: 'FALHA00000', history: [{ ...history[0]!, code: 'FALHA00000' }] };
    if (code === 'ANTIGO') return { ...base, current: false, supersededBy: SECOND, history };
    if (code === SECOND) return { ...base, code: SECOND, version: 2, holderName: 'Mariana Souza', issuedAt: history[1]!.issuedAt, history };
    if (code === FIRST) return base;
    if (code === 'REVISADO00') return { ...base, ...controlled, code, status: 'SUPERSEDED' as const, statusLabel: 'Substituído (nova revisão do documento)', currentRevision: 4 };
    if (code === 'VENCIDO000') return { ...base, ...controlled, code, status: 'EXPIRED' as const, statusLabel: 'Vencido', currentRevision: 3 };
    return apiError(404, 'Certificado não encontrado. Confira o código.', 'CERTIFICATE_NOT_FOUND');
  }),
);
afterEach(() => {
  failNext = false;
  api.reset();
});
afterAll(() => api.close());

describe('/certificados/{code}', () => {
  it('When a visitor opens a genuine code, then the page says it is valid with who, what, hours, when, laboratory, code, QR and the PDF', async () => {
    renderRoute(<Routes />, `/certificados/${FIRST.toLowerCase()}`, { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado válido' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Versão atual')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Dados do certificado' });
    const value = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(value('Titular')).toBe('Mariana Sousa');
    expect(value('Vídeo concluído')).toBe('Biossegurança na coleta');
    expect(value('Carga horária')).toBe('1 h 30 min');
    expect(value('Concluído em')).toBe('10/03/2026');
    expect(value('Laboratório')).toBe('Laboratório Vida — CNPJ 11.222.333/0001-81');
    expect(value('Código')).toBe(FIRST);
    expect(screen.getByRole('img', { name: `QR code com o endereço desta página (código ${FIRST})` })).toHaveAttribute(
      'src',
      `${MOCK_API_URL}/v1/certificates/${FIRST}/qr.png`,
    );
    expect(screen.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute('href', `${MOCK_API_URL}/v1/certificates/${FIRST}/pdf`);
    expect(screen.getByText('Versão única: o nome do titular nunca foi corrigido.')).toBeInTheDocument();
    expect(api.requests).toEqual([{ method: 'GET', url: `/v1/certificates/${FIRST.toLowerCase()}`, body: undefined }]);
  });

  it('When an old version is opened, then it is genuine but says which version replaced it, links to it, and the history marks the current one', async () => {
    renderRoute(<Routes />, '/certificados/antigo', { persona: 'visitante' });
    expect(await screen.findByText('Substituído pela versão 2', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificado válido' })).toBeInTheDocument();
    expect(screen.getByText('Versão 1 de 2')).toBeInTheDocument();
    const versions = within(screen.getByRole('region', { name: 'Histórico de versões' })).getAllByRole('listitem');
    expect(versions).toHaveLength(2);
    expect(versions[0]).toHaveTextContent('Versão 1Mariana Sousa, emitida em 10/03/2026Substituída');
    expect(versions[1]).toHaveTextContent('Versão 2Mariana Souza, emitida em 12/03/2026Atual');

    await userEvent.click(screen.getByRole('link', { name: 'Ver a versão 2 (atual)' }));
    expect(await screen.findByText('Versão atual')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Dados do certificado' });
    expect(within(facts).getByText('Titular').nextElementSibling).toHaveTextContent('Mariana Souza');
  });

  it('When a newer revision of the document is in force, or the validity has passed, then the page says Substituído or Vencido with the document and the dates', async () => {
    renderRoute(<Routes />, '/certificados/REVISADO00', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado substituído' }, { timeout: 5000 })).toBeInTheDocument();
    let facts = screen.getByRole('region', { name: 'Dados do certificado' });
    const value = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(value('Situação')).toBe('Substituído (nova revisão do documento)');
    expect(value('Documento')).toBe('POP-COL-003 rev. 3 (em vigor: rev. 4)');
    expect(value('Válido até')).toBe('10/03/2027');

    renderRoute(<Routes />, '/certificados/VENCIDO000', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado vencido' }, { timeout: 5000 })).toBeInTheDocument();
    facts = screen.getAllByRole('region', { name: 'Dados do certificado' }).at(-1)!;
    expect(value('Situação')).toBe('Vencido');
    expect(value('Documento')).toBe('POP-COL-003 rev. 3');
  });

  it('When the code is unknown, then "Certificado não encontrado" says what to check, and another code can be typed', async () => {
    renderRoute(<Routes />, '/certificados/INVENTADO1', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado não encontrado' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/tem 10 letras e números, exatamente como aparece no certificado/)).toBeInTheDocument();
    expect(screen.queryByText('Certificado válido')).toBeNull();

    await userEvent.type(screen.getByLabelText('Código do certificado'), FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado válido' })).toBeInTheDocument();
  });

  it('While the API answers, a skeleton says the certificate is being checked', async () => {
    renderRoute(<Routes />, '/certificados/LENTO00000', { persona: 'visitante' });
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Verificando o certificado…');
  });

  it('When the API fails, then its message and "Tentar novamente" show, and retrying loads the certificate', async () => {
    failNext = true;
    renderRoute(<Routes />, '/certificados/FALHA00000', { persona: 'membro' });
    expect(await screen.findByText('Serviço indisponível no momento. Tente novamente em instantes.', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado válido' })).toBeInTheDocument();
  });
});
