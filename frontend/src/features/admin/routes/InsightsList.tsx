import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { useInsights } from '../api/insights';
import { ListPage } from '../components/ListPage';
import { toDateTime } from '../format';

export const NO_INSIGHTS = 'No insights yet.';

/** /admin/insights: Id, Title (the book's), Date Added in local time and Edit, with an Add Insight link. */
export default function InsightsList() {
  useDocumentTitle('Insights');
  const insights = useInsights();
  return (
    <ListPage
      title="Insights"
      lead="Quotes from books: members see them on the book’s page and on their home page."
      action={
        <Link className="btn btn--primary btn--md" to="/admin/insight-add">
          Add Insight
        </Link>
      }
      query={insights}
      rows={(data) => data}
      loading="Loading insights…"
      empty={NO_INSIGHTS}
      count={(rows) => (rows.length === 1 ? '1 insight.' : `${rows.length} insights.`)}
      label="Insights"
      columns={['Id', 'Title', 'Date Added', 'Edit']}
      row={(insight) => (
        <tr key={insight.id}>
          <td>{insight.id}</td>
          <td className="admin-content__title">
            <span>{insight.title}</span>
          </td>
          <td className="admin-content__date">{toDateTime(insight.createDate)}</td>
          <td>
            <Link to={`/admin/insight-edit/${insight.id}`} aria-label={`Edit insight #${insight.id} (${insight.title})`}>
              Edit
            </Link>
          </td>
        </tr>
      )}
    />
  );
}
