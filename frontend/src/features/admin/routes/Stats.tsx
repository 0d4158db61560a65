import { useMemo, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminStats } from '../api/types';
import { useCsvDownload } from '../api/download-csv';
import { csvFileName, statsCsvPath, useStats } from '../api/stats';
import { QueryError } from '../components/AccessPages';
import { SeriesChart, type Series } from '../components/chart/SeriesChart';
import { AdminForm } from '../components/form/AdminForm';
import { ReconcileSection } from '../components/ReconcileSection';
import { textOf, type FieldDefinition } from '../components/form/types';
import { TableRegion } from '../components/TableRegion';
import { count, daysBefore, fromDay, money, percent, today } from '../format';
import '../stats.css';

/** The four daily series, in the chart's order (the chart gives each its colour, dashes and marker). */
const SERIES = [
  { key: 'signups', label: 'Sign-ups' },
  { key: 'active', label: 'Active members' },
  { key: 'completions', label: 'Completions' },
  { key: 'purchases', label: 'Purchases' },
] as const;

/** The default range: the last 30 days, today included. */
export function defaultRange(now: number = Date.now()): { from: string; to: string } {
  const to = today(now);
  return { from: daysBefore(to, 29), to };
}

function total(stats: AdminStats, key: (typeof SERIES)[number]['key']): number {
  return stats.days.reduce((sum, day) => sum + day[key], 0);
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="stats-figure">
      <dt>{label}</dt>
      <dd>
        <span className="stats-figure__value">{value}</span>
        {note ? <span className="stats-figure__note">{note}</span> : null}
      </dd>
    </div>
  );
}

/** /admin/stats: key figures, the daily series as a chart and a table, top books, the CSV. */
export default function Stats() {
  useDocumentTitle('Stats');
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const from = fromDay(params.get('from') ?? '') !== null ? (params.get('from') as string) : fallback.from;
  const to = fromDay(params.get('to') ?? '') !== null ? (params.get('to') as string) : fallback.to;
  const stats = useStats(from, to);
  const csv = useCsvDownload();

  const data = stats.data;
  const days = useMemo(() => data?.days.map((day) => day.day) ?? [], [data]);
  const series: Series[] = useMemo(() => SERIES.map((line) => ({ label: line.label, values: data?.days.map((day) => day[line.key]) ?? [] })), [data]);

  const fields: FieldDefinition[] = [
    { id: 'from', label: 'From*', type: 'date', required: true, value: from },
    { id: 'to', label: 'To*', type: 'date', required: true, value: to },
  ];

  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    csv.download(statsCsvPath(from, to), csvFileName(from, to));
  };

  const summary = data
    ? `Line chart of sign-ups, active members, completions and purchases per day from ${data.from} to ${data.to}: ${SERIES.map((line) => `${count(total(data, line.key))} ${line.label.toLowerCase()}`).join(', ')} in all.`
    : '';

  return (
    <>
      <header className="page__header admin-heading">
        <h1 className="page__title">Stats</h1>
        <a
          className="btn btn--ghost btn--md"
          href={statsCsvPath(from, to)}
          download={csvFileName(from, to)}
          onClick={download}
          aria-busy={csv.busy || undefined}
        >
          {csv.busy ? 'Preparing the CSV…' : 'Download CSV'}
        </a>
      </header>
      {csv.error ? <Alert tone="warning">{csv.error}</Alert> : null}
      <AdminForm
        key={`${from}/${to}`}
        fields={fields}
        layout="inline"
        label="Date range"
        submitLabel="Show"
        submittingLabel="Loading…"
        onSubmit={(values) => setParams({ from: textOf(values.from), to: textOf(values.to) })}
      />
      <p className="field__hint">Days are UTC days; both ends are included (up to 366 days).</p>
      {stats.isPending ? <Spinner label="Loading the figures…" /> : null}
      {stats.isError ? <QueryError error={stats.error} /> : null}
      {data ? (
        <div className={stats.isPlaceholderData ? 'stats stats--stale' : 'stats'} aria-busy={stats.isFetching || undefined}>
          <section aria-labelledby="figures-title">
            <h2 id="figures-title" className="stats__title">
              Key figures <span className="stats__range">on {data.to}</span>
            </h2>
            <dl className="stats-figures">
              <Figure label="Members" value={count(data.members)} />
              <Figure label="Daily actives" value={count(data.dailyActive)} note={`active on ${data.to}`} />
              <Figure label="Weekly actives" value={count(data.weeklyActive)} note="active in the 7 days to then" />
              <Figure label="Monthly actives" value={count(data.monthlyActive)} note="active in the 30 days to then" />
              <Figure label="MRR" value={money(data.mrr)} note="monthly recurring revenue" />
              <Figure label="Churn rate" value={percent(data.churnRate)} note={`${count(data.churned)} of ${count(data.renewing)} renewing members left`} />
              <Figure
                label="Trial conversion"
                value={percent(data.trialConversion)}
                note={`${count(data.trialsConverted)} of ${count(data.trialsStarted)} trials`}
              />
            </dl>
            <h3 className="stats__subtitle">Paying members by plan</h3>
            {data.payingByPlan.length > 0 ? (
              <ul className="stats-plans">
                {data.payingByPlan.map((plan) => (
                  <li key={plan.planId}>
                    <span>{plan.planId}</span> <strong>{count(plan.members)}</strong>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No paying members.</p>
            )}
          </section>
          <section className="card admin-card" aria-labelledby="series-title">
            <h2 id="series-title" className="stats__title">
              Day by day{' '}
              <span className="stats__range">
                {data.from} to {data.to}
              </span>
            </h2>
            <SeriesChart days={days} series={series} summary={summary} />
            <details className="stats__details">
              <summary>The daily figures as a table</summary>
              <TableRegion label="Daily figures">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      {SERIES.map((line) => (
                        <th key={line.key} scope="col">
                          {line.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.days.map((day) => (
                      <tr key={day.day}>
                        <th scope="row">{day.day}</th>
                        {SERIES.map((line) => (
                          <td key={line.key}>{count(day[line.key])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            </details>
          </section>
          <section aria-labelledby="top-title">
            <h2 id="top-title" className="stats__title">
              Top books <span className="stats__range">by completions</span>
            </h2>
            {data.topBooks.length > 0 ? (
              <TableRegion label="Top books">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Title</th>
                      <th scope="col">Completions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topBooks.map((book, index) => (
                      <tr key={book.id}>
                        <td>{index + 1}</td>
                        <td>
                          <Link to={`/admin/book-edit/${book.id}`}>{book.title}</Link>
                        </td>
                        <td>{count(book.completions)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            ) : (
              <p>No completions in this range.</p>
            )}
          </section>
        </div>
      ) : null}
      <ReconcileSection />
    </>
  );
}
