import { formatMoney } from '@clube/kit/ui/money';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { monthLabel } from './month-label';

export interface RevenueMonth {
  /** `YYYY-MM` */
  month: string;
  amountCents: number;
}


/**
 * Revenue per month as bars, drawn by uPlot (a small canvas chart library) and sized to its box.
 * The canvas is decoration for sighted people: the same figures are in the table beside it.
 */
export default function RevenueChart({ months }: { months: readonly RevenueMonth[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(document.documentElement);
    const primary = style.getPropertyValue('--clube-color-primary').trim() || '#0b6e4f';
    const muted = style.getPropertyValue('--clube-color-muted').trim() || '#5b6477';
    const size = () => ({ width: Math.max(element.clientWidth, 240), height: 260 });
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const chart = new uPlot(
      {
        ...size(),
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 100)] } },
        axes: [
          { stroke: muted, grid: { show: false }, values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? monthLabel(months[tick]?.month ?? '') : '')), space: 36 },
          { stroke: muted, size: 80, values: (_u, ticks) => ticks.map((tick) => formatMoney(tick).replace(/,00$/, '')) },
        ],
        series: [{}, { label: 'Receita', fill: primary, stroke: primary, paths: bars, points: { show: false } }],
      },
      [months.map((_, index) => index), months.map((month) => month.amountCents)],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize(size()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [months]);

  return <div ref={box} className="admin-chart" aria-hidden="true" />;
}
