import { renderMessage } from '../../src/modules/mail/rules/render';
import { messageContent, TEMPLATE_NAMES } from '../../src/modules/mail/rules/templates';

const pix = { amountCents: 8990, dueDate: '2026-06-13T15:00:00.000Z', pixCode: '00020126580014BR.GOV.BCB.PIX0136chave', subscriptionUrl: 'https://clube.test/assinatura' };
const SAMPLES: Record<string, { data: Record<string, string | number>; expect: string[] }> = {
  'team-invitation': { data: { laboratoryName: 'Lab Ômega', invitedBy: 'Ana Souza', link: 'https://clube.test/equipe/convite/tok', expiresAt: '2026-06-08T15:00:00.000Z' }, expect: ['Ana Souza convidou você para a equipe do laboratório Lab Ômega', 'O convite vale até 08/06/2026', 'https://clube.test/equipe/convite/tok'] },
  'pix-charge-issued': { data: pix, expect: ['Valor: R$ 89,90. Vencimento: 13/06/2026.', '00020126580014BR.GOV.BCB.PIX0136chave', 'https://clube.test/assinatura'] },
  'pix-reminder-3-days': { data: pix, expect: ['Ainda não recebemos o pagamento', 'R$ 89,90'] },
  'pix-reminder-due-today': { data: pix, expect: ['Pague hoje para manter o acesso', '00020126580014BR.GOV.BCB.PIX0136chave'] },
  'payment-confirmed': { data: { amountCents: 8990, periodStart: '2026-06-10T15:00:00.000Z', periodEnd: '2026-07-10T15:00:00.000Z', credits: 3, subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['Valor pago: R$ 89,90.', 'Período: de 10/06/2026 a 10/07/2026.', 'Créditos concedidos: 3.'] },
  'payment-overdue': { data: { amountCents: 8990, dueDate: '2026-06-13T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['venceu em 13/06/2026', 'Pague para voltar a acessar'] },
  'cancel-requested': { data: { accessUntil: '2026-07-10T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['Seu acesso continua até 10/07/2026', 'Continuar assinatura'] },
  'subscription-canceled': { data: { canceledAt: '2026-07-10T15:00:00.000Z', plansUrl: 'https://clube.test/planos' }, expect: ['cancelada em 10/07/2026'] },
  'subscription-reactivated': { data: { renewsAt: '2026-07-10T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['renova normalmente em 10/07/2026'] },
  'pix-automatic-activated': { data: { maxAmountCents: 8990, subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['até R$ 89,90 por ciclo'] },
  'pix-automatic-next-debit': { data: { amountCents: 8990, debitDate: '2026-07-10T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['Em 10/07/2026 debitaremos R$ 89,90'] },
  'pix-automatic-debit-failed': { data: { amountCents: 8990, debitDate: '2026-07-10T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' }, expect: ['não foi autorizado', 'Não haverá nova tentativa de débito: pague pelo PIX'] },
  'certificate-issued': { data: { contentTitle: 'Biossegurança NB-2', certificateUrl: 'https://clube.test/certificados/ABC' }, expect: ['Você concluiu Biossegurança NB-2', 'https://clube.test/certificados/ABC'] },
  'dossier-expiry-reminder': { data: { itemTitle: 'Treinamento de pipetagem', expiresAt: '2026-08-01T15:00:00.000Z', dossierUrl: 'https://clube.test/equipe' }, expect: ['Treinamento de pipetagem vence em 01/08/2026'] },
  'account-deleted': { data: {}, expect: ['Confirmamos a exclusão da sua conta'] },
};

describe('E-mail templates', () => {
  test('Every template has a sample here (a new template gets its text test)', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...TEMPLATE_NAMES].sort());
  });

  test.each(Object.entries(SAMPLES))('%s: the plain-text alternative says what the member needs, the HTML has no tracking pixel', async (name, sample) => {
    const content = messageContent(name, sample.data);
    const message = await renderMessage(content, content.category === 'ESSENTIAL' ? {} : { preferencesUrl: 'https://clube.test/usuario#emails' });
    for (const expected of sample.expect) expect(message.text).toContain(expected);
    expect(message.html).toContain('lang="pt-BR"');
    expect(message.html).toContain('#0b6e4f');
    // Only the inline QR code (cid:) as an image: nothing fetched from a server when the message opens.
    expect(message.html.match(/<img[^>]+src="(?!cid:)/g)).toBeNull();
    expect(message.text.includes('Deixar de receber')).toBe(content.category !== 'ESSENTIAL');
  });

  test('A failed Pix Automático debit with a retry ahead says when, and does not ask the member to pay at once', async () => {
    const data = { amountCents: 8990, debitDate: '2026-07-10T15:00:00.000Z', retryDate: '2026-07-11T15:00:00.000Z', subscriptionUrl: 'https://clube.test/assinatura' };
    const message = await renderMessage(messageContent('pix-automatic-debit-failed', data));
    expect(message.text).toContain('Vamos tentar de novo em 11/07/2026, sem você precisar fazer nada.');
    expect(message.text).not.toContain('Não haverá nova tentativa');
    expect(message.text).not.toContain('Pagar agora');
  });

  test('The account-deletion message holds no personal data', async () => {
    const message = await renderMessage(messageContent('account-deleted', {}));
    expect(message.text).not.toMatch(/@|Ana|Lab/);
  });

  test('Missing data is an error of the template (the job fails, not the request)', () => {
    expect(() => messageContent('payment-confirmed', { amountCents: 8990 })).toThrow('O modelo payment-confirmed precisa de "periodStart".');
  });
});
