import { formatMoney } from '@clube/kit/ui/money';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { ErrorState, PageLayout, formatDate, type ApiResponse } from '@clube/platform';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMetrics } from './api/get-metrics';
import { monthLabel } from './month-label';

// The chart library (uPlot) comes in its own chunk, after the numbers.
const RevenueChart = lazy(() => import('./revenue-chart'));

type Metrics = ApiResponse<'/v1/admin/metrics'>;
type VideoRow = Metrics['mostWatchedVideos'][number];
type MonthRow = Metrics['revenueByMonth'][number];

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIODS = [
  { value: '7', label: 'Últimos 7 dias' },
  { value: '30', label: 'Últimos 30 dias' },
  { value: '90', label: 'Últimos 90 dias' },
  { value: '365', label: 'Últimos 12 meses' },
];

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

const VIDEO_COLUMNS: TableColumn<VideoRow>[] = [
  { key: 'title', header: 'Vídeo', wrap: true, cell: (v) => v.title ?? 'Vídeo removido' },
  { key: 'count', header: 'Membros', align: 'end', cell: (v) => v.count },
  { key: 'watched', header: 'Horas assistidas', align: 'end', cell: (v) => (v.watchedSeconds / 3600).toLocaleString('pt-BR', { maximumFractionDigits: 1 }) },
];

const MONTH_COLUMNS: TableColumn<MonthRow>[] = [
  { key: 'month', header: 'Mês', cell: (m) => monthLabel(m.month) },
  { key: 'amount', header: 'Receita', align: 'end', cell: (m) => formatMoney(m.amountCents) },
  { key: 'invoices', header: 'Faturas pagas', align: 'end', cell: (m) => m.invoices },
];

function Figures({ metrics }: { metrics: Metrics }) {
  const figures: Array<[label: string, value: string]> = [
    ['Assinantes ativos', String(metrics.activeSubscribers)],
    ['No Pix Automático', String(metrics.pixAutomaticSubscribers)],
    ['Receita recorrente mensal (MRR)', formatMoney(metrics.mrrCents)],
    ['Novas assinaturas', String(metrics.newSubscriptions)],
    ['Cancelamentos', String(metrics.canceledSubscriptions)],
    ['Taxa de cancelamento (churn)', metrics.churnRate === null ? 'Sem base' : percent.format(metrics.churnRate)],
    ['Créditos gastos', `${metrics.creditsSpent.credits} em ${metrics.creditsSpent.unlocks} desbloqueios`],
  ];
  return (
    <dl className="admin-metrics">
      {figures.map(([label, value]) => (
        <div key={label} className="admin-metric">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/admin/painel`: the club's numbers for a window (in the URL, `?dias=30`) and twelve months of revenue. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = PERIODS.some((p) => p.value === searchParams.get('dias')) ? Number(searchParams.get('dias')) : 30;
  // One "now" per visit, so the query's key stays put while the page is open.
  const [now] = useState(() => Date.now());
  const window = useMemo(() => ({ from: new Date(now - days * DAY_MS).toISOString(), to: new Date(now).toISOString() }), [now, days]);
  const metrics = useMetrics(window);

  return (
    <PageLayout title="Painel" description="Os números do Clube: assinantes, receita, cancelamentos e o que os membros assistem.">
      <div className="clube-toolbar clube-toolbar--narrow">
        <Select
          label="Período"
          options={PERIODS}
          value={String(days)}
          onChange={(event) =>
            setSearchParams((previous) => {
              const next = new URLSearchParams(previous);
              if (event.target.value === '30') next.delete('dias');
              else next.set('dias', event.target.value);
              return next;
            })
          }
        />
      </div>
      {metrics.isPending ? (
        <Skeleton lines={6} label="Carregando os números…" />
      ) : metrics.isError ? (
        <ErrorState message={metrics.error.message} onRetry={() => void metrics.refetch()} />
      ) : (
        <>
          <p>
            De {formatDate(metrics.data.window.from)} a {formatDate(metrics.data.window.to)}.
          </p>
          <Figures metrics={metrics.data} />
          <section className="admin-section" aria-labelledby="revenue-title">
            <h2 id="revenue-title">Receita por mês (faturas pagas)</h2>
            <Suspense fallback={<Skeleton height="260px" label="Carregando o gráfico…" />}>
              <RevenueChart months={metrics.data.revenueByMonth} />
            </Suspense>
            <Table caption="Receita por mês" columns={MONTH_COLUMNS} rows={metrics.data.revenueByMonth} rowKey={(m) => m.month} />
          </section>
          <section className="admin-section" aria-labelledby="reasons-title">
            <h2 id="reasons-title">Motivos de cancelamento</h2>
            {metrics.data.cancelReasons.length === 0 ? (
              <p>Nenhum pedido de cancelamento no período.</p>
            ) : (
              <ul>
                {metrics.data.cancelReasons.map((reason) => (
                  <li key={reason.reason}>
                    {reason.reason}: {reason.count}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="admin-section" aria-labelledby="videos-title">
            <h2 id="videos-title">Vídeos</h2>
            <Table caption="Mais assistidos (desde sempre)" columns={VIDEO_COLUMNS} rows={metrics.data.mostWatchedVideos} rowKey={(v) => v.videoId} emptyMessage="Nenhum vídeo assistido ainda." />
            <Table caption="Mais concluídos no período" columns={VIDEO_COLUMNS} rows={metrics.data.mostFinishedVideos} rowKey={(v) => v.videoId} emptyMessage="Nenhum vídeo concluído no período." />
          </section>
        </>
      )}
    </PageLayout>
  );
}
