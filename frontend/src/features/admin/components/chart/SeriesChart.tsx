import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import './chart.css';

export interface Series {
  label: string;
  color: string;
  values: number[];
}

interface SeriesChartProps {
  /** 'yyyy-mm-dd' days, one per point. */
  days: string[];
  series: Series[];
  /** What the chart shows, for screen readers (the table beside it has the numbers). */
  summary: string;
  height?: number;
}

function seconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/**
 * A line chart of daily series drawn by uPlot (loaded on first use, in its own chunk). The canvas
 * is hidden from screen readers behind a summary; the page gives the numbers as a table too.
 */
export function SeriesChart({ days, series, summary, height = 280 }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    let chart: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let active = true;
    import(/* webpackChunkName: "admin-chart" */ './uplot')
      .then(({ default: uPlot }) => {
        if (!active) return;
        const width = Math.max(280, element.clientWidth);
        chart = new uPlot(
          {
            width,
            height,
            legend: { show: false },
            scales: { x: { time: true } },
            axes: [{ stroke: '#5b6675' }, { stroke: '#5b6675', size: 50 }],
            series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: days.length <= 45 } }))],
          },
          [days.map(seconds), ...series.map((line) => line.values)],
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(280, element.clientWidth), height }));
          observer.observe(element);
        }
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, height]);

  return (
    <div className="series-chart">
      <ul className="series-chart__legend" aria-hidden="true">
        {series.map((line) => (
          <li key={line.label}>
            <span className="series-chart__swatch" style={{ background: line.color }} />
            {line.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="series-chart__canvas" role="img" aria-label={summary} style={{ minHeight: height }} />
      {failed ? <p className="field__hint">The chart could not be drawn; the table below has the same figures.</p> : null}
    </div>
  );
}
