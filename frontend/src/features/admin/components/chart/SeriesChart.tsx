import { useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import './chart.css';

export interface Series {
  label: string;
  values: number[];
}

/** How one line is drawn, so that lines stay tellable apart where they overlap and without colour. */
export interface SeriesStyle {
  /** At least 3:1 against the chart's background, light (#ffffff) and dark (#18222a). */
  color: string;
  /** The canvas's dash pattern (CSS pixels, on then off); [] is solid. */
  dash: number[];
  /** What the dash pattern looks like, in words (the legend says it to screen readers). */
  pattern: string;
  /** The point marker: filled, or hollow (a ring). */
  marker: 'filled' | 'hollow';
}

/**
 * The series' styles, in order (a fifth series starts again with the first). The colours are the
 * Okabe–Ito palette's blue, vermillion, bluish green and reddish purple, told apart with the
 * common colour-vision deficiencies too; each line also has its own dash pattern and marker.
 */
export const SERIES_STYLES: readonly SeriesStyle[] = [
  { color: '#0072b2', dash: [], pattern: 'solid line', marker: 'filled' },
  { color: '#d55e00', dash: [10, 5], pattern: 'dashed line', marker: 'hollow' },
  { color: '#009e73', dash: [2, 4], pattern: 'dotted line', marker: 'filled' },
  { color: '#cc79a7', dash: [12, 4, 2, 4], pattern: 'dash-dot line', marker: 'hollow' },
];

/** The style of the series at `index`. */
export function seriesStyle(index: number): SeriesStyle {
  return SERIES_STYLES[index % SERIES_STYLES.length];
}

/** What a hollow marker is filled with: the chart's background. */
const HOLLOW_FILL = '#ffffff';

/** A sample of a line as the chart draws it: its colour, dash pattern and a marker in the middle. */
function LineSample({ style }: { style: SeriesStyle }) {
  return (
    <svg className="series-chart__sample" width="40" height="12" viewBox="0 0 40 12" aria-hidden="true" focusable="false">
      <line x1="1" y1="6" x2="39" y2="6" stroke={style.color} strokeWidth="2" strokeDasharray={style.dash.length > 0 ? style.dash.join(' ') : undefined} />
      <circle cx="20" cy="6" r="3.5" fill={style.marker === 'filled' ? style.color : HOLLOW_FILL} stroke={style.color} strokeWidth="2" />
    </svg>
  );
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
 * A line chart of daily series drawn by uPlot (loaded on first use, in its own chunk), with a
 * legend naming each series beside a sample of its line (colour, dash pattern, marker). The canvas
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
            series: [
              {},
              ...series.map((line, index) => {
                const style = seriesStyle(index);
                return {
                  label: line.label,
                  stroke: style.color,
                  width: 2,
                  dash: style.dash,
                  points: {
                    // Markers where the points are few enough to tell apart.
                    show: days.length <= 45,
                    size: 7,
                    width: 2,
                    stroke: style.color,
                    fill: style.marker === 'filled' ? style.color : HOLLOW_FILL,
                  },
                };
              }),
            ],
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
      <ul className="series-chart__legend" aria-label="Legend">
        {series.map((line, index) => (
          <li key={line.label}>
            <LineSample style={seriesStyle(index)} />
            {line.label}
            <span className="visually-hidden">, {seriesStyle(index).pattern}</span>
          </li>
        ))}
      </ul>
      <div ref={box} className="series-chart__canvas" role="img" aria-label={summary} style={{ minHeight: height }} />
      {failed ? <p className="field__hint">The chart could not be drawn; the table below has the same figures.</p> : null}
    </div>
  );
}
