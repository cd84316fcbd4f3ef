import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

export interface DashboardSeries {
  label: string;
  color: string;
  values: readonly number[];
}

interface Props {
  title: string;
  /** The chart's days, YYYY-MM-DD (UTC). */
  days: readonly string[];
  series: readonly DashboardSeries[];
  kind: 'bars' | 'lines';
  /** How a value is written on the axis and in the legend. */
  format: (value: number) => string;
  /** How a day is written on the axis and in the legend, and the legend's name for it. */
  dayLabel: (day: string) => string;
  dayTitle: string;
  /** Counts: the axis steps by whole numbers. */
  integer?: boolean;
  testId: string;
}

const HEIGHT = 220;
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];
const dayOf = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10);
const AXIS = { stroke: '#9aa3b8', grid: { stroke: 'rgba(46, 53, 80, .7)', width: 1 }, ticks: { stroke: 'rgba(46, 53, 80, .7)', width: 1 } };

/**
 * One chart of the dashboard. uPlot (and its styles) is imported here, when the chart mounts in the
 * browser: only the dashboard's page loads it, and the server renders a box of the chart's size.
 */
export function DashboardChart({ title, days, series, kind, format, dayLabel, dayTitle, integer, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let plot: uPlot | null = null;
    let gone = false;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      const el = box.current;
      if (gone || !el) return;
      const x = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const bars = kind === 'bars' ? UPlot.paths.bars!({ size: [0.7, 48] }) : undefined;
      const opts: uPlot.Options = {
        width: Math.max(el.clientWidth, 200),
        height: HEIGHT,
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
        axes: [
          { ...AXIS, space: 60, values: (_u, ticks) => ticks.map((ts) => dayLabel(dayOf(ts))) },
          { ...AXIS, size: 70, values: (_u, ticks) => ticks.map(format), ...(integer ? { incrs: INTEGER_STEPS } : {}) },
        ],
        series: [
          { label: dayTitle, value: (_u, ts) => (ts == null ? '' : dayLabel(dayOf(ts))) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            fill: kind === 'bars' ? `${s.color}b3` : undefined,
            paths: bars,
            points: { show: kind === 'lines' && days.length <= 31 },
            value: (_u: uPlot, v: number | null) => (v == null ? '—' : format(v)),
          })),
        ],
      };
      plot = new UPlot(opts, [x, ...series.map((s) => [...s.values])], el);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
      observer.observe(el);
      setDrawn(true);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days, series, kind, format, dayLabel, dayTitle, integer]);

  return (
    <section className="console-card dashboard-chart" data-testid={testId} data-drawn={drawn ? 'yes' : 'no'}>
      <h2>{title}</h2>
      <div ref={box} className="dashboard-chart__plot" style={{ minHeight: HEIGHT }} />
    </section>
  );
}
