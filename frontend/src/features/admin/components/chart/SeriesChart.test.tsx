import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { SERIES_STYLES, SeriesChart, seriesStyle } from './SeriesChart';

interface DrawnSeries {
  label?: string;
  stroke?: string;
  dash?: number[];
  points?: { fill?: string; stroke?: string };
}
// jsdom has no canvas: a stand-in records what the chart was given.
const charts = vi.hoisted(() => ({ made: [] as DrawnSeries[][] }));
vi.mock('./uplot', () => ({
  default: class {
    constructor(options: { series: DrawnSeries[] }) {
      charts.made.push(options.series);
    }
    setSize() {}
    destroy() {}
  },
}));

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The chart's card in the back office, and the app's dark surface (the reader's dark mode). */
const BACKGROUNDS = { light: '#ffffff', dark: '#18222a' };

describe('SeriesChart styles', () => {
  it('gives each line a colour of at least 3:1 against the background, light and dark', () => {
    for (const style of SERIES_STYLES) {
      expect(contrast(style.color, BACKGROUNDS.light), `${style.color} on white`).toBeGreaterThanOrEqual(3);
      expect(contrast(style.color, BACKGROUNDS.dark), `${style.color} on dark`).toBeGreaterThanOrEqual(3);
    }
  });

  it('tells every line apart by colour, by dash pattern and by its words', () => {
    const count = SERIES_STYLES.length;
    expect(count).toBeGreaterThanOrEqual(4);
    expect(new Set(SERIES_STYLES.map((style) => style.color.toLowerCase())).size).toBe(count);
    expect(new Set(SERIES_STYLES.map((style) => style.dash.join(','))).size).toBe(count);
    expect(new Set(SERIES_STYLES.map((style) => style.pattern)).size).toBe(count);
    // Neighbours differ in their marker too.
    SERIES_STYLES.forEach((style, index) => expect(style.marker).not.toBe(seriesStyle(index + 1).marker));
    // A fifth series starts again.
    expect(seriesStyle(count)).toBe(SERIES_STYLES[0]);
  });

  it('shows a legend naming each series beside a sample of its line, and draws the lines so', async () => {
    charts.made = [];
    renderWithRouter(
      <SeriesChart
        days={['2025-03-01', '2025-03-02']}
        series={[
          { label: 'Sign-ups', values: [1, 2] },
          { label: 'Purchases', values: [1, 2] },
        ]}
        summary="Two lines that overlap."
      />,
    );
    const legend = await screen.findByRole('list', { name: 'Legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Sign-ups, solid line', 'Purchases, dashed line']);
    // The samples are for the eye (the words say the same).
    const samples = items.map((item) => item.querySelector('svg'));
    samples.forEach((sample) => expect(sample).toHaveAttribute('aria-hidden', 'true'));
    expect(samples[0]?.querySelector('line')).toHaveAttribute('stroke', SERIES_STYLES[0].color);
    expect(samples[0]?.querySelector('line')).not.toHaveAttribute('stroke-dasharray');
    expect(samples[1]?.querySelector('line')).toHaveAttribute('stroke', SERIES_STYLES[1].color);
    expect(samples[1]?.querySelector('line')).toHaveAttribute('stroke-dasharray', SERIES_STYLES[1].dash.join(' '));
    expect(screen.getByRole('img', { name: 'Two lines that overlap.' })).toBeInTheDocument();

    await waitFor(() => expect(charts.made).toHaveLength(1));
    const [, first, second] = charts.made[0];
    expect(first).toMatchObject({ label: 'Sign-ups', stroke: SERIES_STYLES[0].color, dash: [], points: { fill: SERIES_STYLES[0].color } });
    expect(second).toMatchObject({ label: 'Purchases', stroke: SERIES_STYLES[1].color, dash: SERIES_STYLES[1].dash, points: { fill: '#ffffff' } });
  });
});
