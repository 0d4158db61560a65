import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminAffiliate } from '../api/types';
import {
  AFFILIATE_FILTERS,
  AFFILIATES_CSV_NAME,
  AFFILIATES_CSV_PATH,
  STATUS_LABELS,
  useAffiliates,
  useDecideAffiliate,
  type AffiliateFilter,
} from '../api/affiliates';
import { useCsvDownload } from '../api/download-csv';
import { ListPage } from '../components/ListPage';
import { PayoutForm } from '../components/PayoutForm';
import { count, excerpt, money, toDay } from '../format';
import '../affiliates.css';

const FILTER_LABELS: Record<AffiliateFilter, string> = { all: 'All', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

const EMPTY: Record<AffiliateFilter, string> = {
  all: 'No applications yet.',
  pending: 'No applications waiting.',
  approved: 'No approved affiliates.',
  rejected: 'No rejected applications.',
};

export const COLUMNS = ['Name', 'Account e-mail', 'Payout e-mail', 'Audience', 'Status', 'Applied', 'Referred', 'Earned', 'Paid out', 'Balance', 'Actions'];

function readFilter(value: string | null): AffiliateFilter {
  return AFFILIATE_FILTERS.find((filter) => filter === value) ?? 'all';
}

function countText(shown: number, total: number, filter: AffiliateFilter): string {
  const what = filter === 'all' ? 'affiliate' : `${filter} affiliate`;
  const counted = total === 1 ? `1 ${what}` : `${total} ${what}s`;
  return shown < total ? `${counted} (${shown} shown).` : `${counted}.`;
}

function AffiliateRow({ affiliate, busy, onDecide }: { affiliate: AdminAffiliate; busy: boolean; onDecide: (status: 'approved' | 'rejected') => void }) {
  const who = affiliate.name.trim() || affiliate.accountEmail;
  const summary = excerpt(affiliate.audience, 60);
  return (
    <tr className={affiliate.status === 'pending' ? 'affiliates-table__pending' : undefined}>
      <th scope="row" className="admin-table__wrap affiliates-table__name">
        <Link to={`/admin/users/${affiliate.userId}`}>{who}</Link>
      </th>
      <td className="admin-table__wrap affiliates-table__email">{affiliate.accountEmail}</td>
      <td className="admin-table__wrap affiliates-table__email">
        <a href={`mailto:${affiliate.email}`}>{affiliate.email}</a>
      </td>
      <td className="affiliates-table__audience">
        {summary === affiliate.audience.trim() ? (
          <span className="affiliates-audience">{summary}</span>
        ) : (
          <details className="affiliates-audience">
            <summary>
              {summary} <span className="visually-hidden">(show all)</span>
            </summary>
            <p className="affiliates-audience__text">{affiliate.audience}</p>
          </details>
        )}
      </td>
      <td>
        <span className={`badge affiliates-status affiliates-status--${affiliate.status}`}>{STATUS_LABELS[affiliate.status] ?? affiliate.status}</span>
        {affiliate.decidedAt ? <span className="affiliates-table__decided">on {toDay(affiliate.decidedAt)}</span> : null}
      </td>
      <td className="affiliates-table__date">
        <time dateTime={new Date(affiliate.appliedAt).toISOString()}>{toDay(affiliate.appliedAt)}</time>
      </td>
      <td className="affiliates-table__number" data-column="referred">
        {count(affiliate.referred)}
      </td>
      <td className="affiliates-table__number" data-column="earned">
        {money(affiliate.earnedCents)}
      </td>
      <td className="affiliates-table__number" data-column="paid">
        {money(affiliate.paidOutCents)}
      </td>
      <td className="affiliates-table__number" data-column="balance">
        {money(affiliate.balanceCents)}
      </td>
      <td className="affiliates-table__actions">
        <div className="affiliates-actions">
          {affiliate.status !== 'approved' ? (
            <Button size="sm" loading={busy} onClick={() => onDecide('approved')}>
              Approve <span className="visually-hidden">{who}</span>
            </Button>
          ) : null}
          {affiliate.status !== 'rejected' ? (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onDecide('rejected')}>
              Reject <span className="visually-hidden">{who}</span>
            </Button>
          ) : null}
        </div>
        {affiliate.status === 'approved' ? <PayoutForm affiliate={affiliate} who={who} /> : null}
      </td>
    </tr>
  );
}

/**
 * /admin/affiliates (issue 15 §1, docs/referral.md): the affiliate applications, pending
 * first then the newest, 50 at a time ('Load More'); all or one status. Each one is approved or
 * rejected in its row, and an approved affiliate's payouts are recorded there. The heading says
 * how many wait; 'Download CSV' saves them all.
 */
export default function Affiliates() {
  useDocumentTitle('Affiliates');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('filter'));
  const affiliates = useAffiliates(filter);
  const decide = useDecideAffiliate();
  const csv = useCsvDownload();
  const pendingId = decide.isPending ? decide.variables?.userId : undefined;
  const pending = affiliates.data?.pending;

  return (
    <ListPage
      title={<>Affiliates {pending !== undefined ? <span className="badge admin-title-count">{pending} pending</span> : null}</>}
      lead="Applications to the affiliate programme, what each affiliate brought, and their payouts."
      action={
        <Button variant="ghost" loading={csv.busy} loadingText="Preparing the CSV…" onClick={() => csv.download(AFFILIATES_CSV_PATH, AFFILIATES_CSV_NAME)}>
          Download CSV
        </Button>
      }
      query={affiliates}
      rows={(data) => data.affiliates}
      loading="Loading affiliates…"
      empty={EMPTY[filter]}
      count={(rows, data) => countText(rows.length, data.total, filter)}
      liveCount
      label="Affiliates"
      tableClass="affiliates-table"
      columns={COLUMNS}
      row={(affiliate) => (
        <AffiliateRow
          key={affiliate.userId}
          affiliate={affiliate}
          busy={pendingId === affiliate.userId}
          onDecide={(status) => decide.mutate({ userId: affiliate.userId, status })}
        />
      )}
      more="Load More"
    >
      {csv.error ? <Alert tone="warning">{csv.error}</Alert> : null}

      <div className="admin-filter" role="group" aria-label="Show affiliates">
        {AFFILIATE_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className="admin-filter__option"
            aria-pressed={filter === option}
            onClick={() => setParams(option === 'all' ? {} : { filter: option })}
          >
            {FILTER_LABELS[option]}
            {option === 'pending' && pending !== undefined ? ` (${pending})` : null}
          </button>
        ))}
      </div>

      {decide.isError ? <Alert tone="warning">{errorMessage(decide.error)}</Alert> : null}
    </ListPage>
  );
}
