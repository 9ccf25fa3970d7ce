import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusBadge } from '../badge';
import { Markdown, renderMarkdown } from '../markdown';
import { formatMoney, Money } from '../money';
import { Tabs } from '../tabs';

describe('Markdown', () => {
  it('When the text has headings, lists and links, then they become HTML and outside links open safely in a new tab', () => {
    render(<Markdown source={'## Preparo\n\n- Centrifugar\n- **Pipetar**\n\n[Norma](https://www.gov.br/anvisa)'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Preparo' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Norma' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('When the text carries a <script>, an onerror handler or a javascript: link, then none of it reaches the page', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[clique](javascript:alert(3))\n\n<p style="position:fixed" onclick="alert(4)">texto</p>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|style=/i);
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('texto');
  });
});

describe('Money', () => {
  it('When cents come from the API, then they are shown as Brazilian reais', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56');
    expect(formatMoney(4990)).toBe('R$\u00a049,90');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
    render(<Money cents={123456} />);
    expect(screen.getByText('R$ 1.234,56')).toHaveAttribute('value', '1234.56');
  });

  it('When any amount in cents is shown, then it reads exactly as the pt-BR currency format writes it', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1000000, 12345678, 100000000, 123456789012, -1, -4990, -123456]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe('StatusBadge', () => {
  it('When the API sends a status, then it is shown in Portuguese; an unknown one as it came', () => {
    render(
      <>
        <StatusBadge status="PAUSED" />
        <StatusBadge status="OVERDUE" />
        <StatusBadge status="SOMETHING_NEW" />
      </>,
    );
    expect(screen.getByText('Pausada por falta de pagamento')).toHaveClass('clube-badge--danger');
    expect(screen.getByText('Vencida')).toBeInTheDocument();
    expect(screen.getByText('SOMETHING_NEW')).toHaveClass('clube-badge--neutral');
  });
});

describe('Tabs', () => {
  it('When arrows, Home and End are pressed, then the selected tab and its panel follow, with one Tab stop for the list', async () => {
    render(
      <Tabs
        label="Áreas"
        tabs={[
          { id: 'dados', label: 'Dados', content: 'Painel de dados' },
          { id: 'faturas', label: 'Faturas', content: 'Painel de faturas' },
          { id: 'creditos', label: 'Créditos', content: 'Painel de créditos' },
        ]}
      />,
    );
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Faturas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Faturas' })).toHaveTextContent('Painel de faturas');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Créditos' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Faturas' })).toHaveAttribute('tabindex', '-1');
  });
});
