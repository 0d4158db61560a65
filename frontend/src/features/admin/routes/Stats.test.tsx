import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAccess, makeStats } from '@/testing/admin-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import type { ReconcileReport } from '../api/types';
import { server } from '@/testing/server';
import { defaultRange } from './Stats';

// jsdom has no canvas: a stand-in records what the chart was given.
interface DrawnSeries {
  label?: string;
  stroke?: string;
  dash?: number[];
  points?: { fill?: string };
}
const charts = vi.hoisted(() => ({ made: [] as { series: DrawnSeries[]; data: unknown[] }[] }));
vi.mock('../components/chart/uplot', () => ({
  default: class {
    constructor(options: { series: DrawnSeries[] }, data: unknown[]) {
      charts.made.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

function statsServer(reconcile: { last: ReconcileReport | null } = { last: null }) {
  const ranges: string[] = [];
  server.use(
    ...adminAccess(),
    http.get('/api/admin/stats', ({ request }) => {
      const url = new URL(request.url);
      ranges.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
      return ok(makeStats());
    }),
    http.get('/api/admin/reconcile', () => ok(reconcile)),
  );
  return ranges;
}

beforeEach(() => {
  charts.made = [];
});
const objectUrls = Object.getOwnPropertyDescriptors(URL);
afterEach(() => {
  for (const name of ['createObjectURL', 'revokeObjectURL']) {
    const original = objectUrls[name];
    if (original) Object.defineProperty(URL, name, original);
    else Reflect.deleteProperty(URL, name);
  }
});

describe('/admin/stats', () => {
  it('asks for the last 30 days and shows the key figures', async () => {
    signIn();
    const ranges = statsServer();
    renderApp('/admin/stats');
    expect(await screen.findByRole('heading', { level: 2, name: /Key figures/ })).toBeInTheDocument();
    const { from, to } = defaultRange();
    expect(ranges[0]).toBe(`${from}..${to}`);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Members')).toBe('1,250');
    expect(figure('Daily actives')).toMatch(/^22/);
    expect(figure('Weekly actives')).toMatch(/^140/);
    expect(figure('Monthly actives')).toMatch(/^610/);
    expect(figure('MRR')).toMatch(/^\$1,234\.56/);
    expect(figure('Churn rate')).toBe('2.5%3 of 120 renewing members left');
    expect(figure('Trial conversion')).toBe('40.0%20 of 50 trials');
    expect(screen.getByText('monthly').parentElement).toHaveTextContent('monthly 80');
    expect(screen.getByText('yearly').parentElement).toHaveTextContent('yearly 40');
  });

  it('draws the four daily series, with a summary and the same figures as a table', async () => {
    signIn();
    statsServer();
    renderApp('/admin/stats');
    const chart = await screen.findByRole('img', { name: /Line chart of sign-ups, active members, completions and purchases/ });
    expect(chart).toHaveAccessibleName(
      'Line chart of sign-ups, active members, completions and purchases per day from 2025-03-01 to 2025-03-03: 12 sign-ups, 67 active members, 12 completions, 3 purchases in all.',
    );
    await waitFor(() => expect(charts.made).toHaveLength(1));
    expect(charts.made[0].series.map((s) => s.label)).toEqual([undefined, 'Sign-ups', 'Active members', 'Completions', 'Purchases']);
    expect(charts.made[0].data[1]).toEqual([4, 6, 2]);
    // Lines that overlap stay tellable apart: each its own colour, dash pattern and marker.
    const lines = charts.made[0].series.slice(1);
    const distinct = (values: unknown[]) => new Set(values.map((value) => JSON.stringify(value))).size;
    expect(distinct(lines.map((line) => line.stroke))).toBe(4);
    expect(distinct(lines.map((line) => line.dash))).toBe(4);
    expect(distinct(lines.map((line) => [line.dash, line.points?.fill]))).toBe(4);
    // A legend in words, beside a sample of each line.
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign-ups, solid line', 'Active members, dashed line', 'Completions, dotted line', 'Purchases, dash-dot line']);
    expect(within(legend).getByText('Sign-ups')).toBeVisible();
    const daily = within(screen.getByRole('region', { name: 'Daily figures' })).getByRole('table');
    expect(within(daily).getByRole('row', { name: /2025-03-02/ })).toHaveTextContent('2025-03-0262550');
  });

  it('lists the top books with links to them', async () => {
    signIn();
    statsServer();
    renderApp('/admin/stats');
    const top = within(await screen.findByRole('region', { name: 'Top books' }));
    expect(top.getByRole('link', { name: 'Walden' })).toHaveAttribute('href', '/admin/book-edit/5');
    expect(top.getByRole('row', { name: /Meditations/ })).toHaveTextContent('2Meditations7');
  });

  it('shows another range when asked', async () => {
    signIn();
    const ranges = statsServer();
    const { user } = renderApp('/admin/stats?from=2025-01-01&to=2025-01-31');
    await screen.findByRole('heading', { name: /Key figures/ });
    expect(ranges).toEqual(['2025-01-01..2025-01-31']);
    const from = screen.getByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2025-01-15');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(ranges).toContain('2025-01-15..2025-01-31'));
  });

  it("downloads the CSV with the bearer token through the 'Download CSV' link", async () => {
    signIn('admin-token');
    statsServer();
    let auth: string | null = null;
    server.use(
      http.get('/api/admin/stats.csv', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.text('day,signups,active,completions,purchases\n2025-01-01,1,2,3,4\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const made: Blob[] = [];
    // jsdom has no object URLs.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/admin/stats?from=2025-01-01&to=2025-01-31');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/admin/stats.csv?from=2025-01-01&to=2025-01-31');
    await user.click(link);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(auth).toBe('Bearer admin-token');
    expect(await made[0].text()).toContain('2025-01-01,1,2,3,4');
    // The file is saved by a temporary link with the file name.
    const saver = clicked.mock.contexts.find((anchor) => (anchor as HTMLAnchorElement).href === 'blob:csv') as HTMLAnchorElement | undefined;
    expect(saver?.download).toBe('gistbook-stats-2025-01-01-to-2025-01-31.csv');
  });

  it('says when no reconciliation has run yet', async () => {
    signIn();
    statsServer();
    renderApp('/admin/stats');
    const section = within(await screen.findByRole('region', { name: 'Payments reconciliation' }));
    expect(await section.findByText(/No reconciliation has run yet/)).toBeInTheDocument();
  });

  it("shows the last reconciliation's differences, repaired or needing a look", async () => {
    signIn();
    statsServer({
      last: {
        finishedAt: '2025-03-03T10:00:00Z',
        chargesChecked: 1200,
        membersChecked: 800,
        problems: [
          { kind: 'paid_but_not_recorded', chargeId: 'ch_lost', userId: 42, detail: 'stripe took the money (pi_1); recorded as initiated', fixed: true },
          { kind: 'paid_here_only', chargeId: 'ch_odd', userId: null, detail: 'paid here, declined at stripe', fixed: false },
        ],
      },
    });
    renderApp('/admin/stats');
    const section = within(await screen.findByRole('region', { name: 'Payments reconciliation' }));
    expect(await section.findByText(/1,200 charges and 800 members checked/)).toHaveTextContent('2 differences, 1 needing a look.');
    const table = within(section.getByRole('region', { name: 'Reconciliation differences' }));
    expect(table.getByRole('row', { name: /ch_lost/ })).toHaveTextContent('Paid at the provider, not recorded herech_lost42');
    expect(table.getByRole('row', { name: /ch_lost/ })).toHaveTextContent('Repaired');
    expect(table.getByRole('row', { name: /ch_odd/ })).toHaveTextContent('Paid here, not at the providerch_odd–paid here, declined at stripeNeeds a look');
  });

  it('says when everything matched', async () => {
    signIn();
    statsServer({ last: { finishedAt: '2025-03-03T10:00:00Z', chargesChecked: 3, membersChecked: 2, problems: [] } });
    renderApp('/admin/stats');
    const section = within(await screen.findByRole('region', { name: 'Payments reconciliation' }));
    expect(await section.findByText(/Everything matched\./)).toBeInTheDocument();
    expect(section.queryByRole('table')).toBeNull();
  });
});
