import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useInsights } from '../api/insights';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { TableRegion } from '../components/TableRegion';
import { toDateTime } from '../format';

export const NO_INSIGHTS = 'No insights yet.';

/** /admin/insights: Id, Title (the book's), Date Added in local time and Edit, with an Add Insight link. */
export default function InsightsList() {
  useDocumentTitle('Insights');
  const insights = useInsights();
  return (
    <>
      <PageHeader
        title="Insights"
        lead="Quotes from books: members see them on the book’s page and on their home page."
        action={
          <Link className="btn btn--primary btn--md" to="/admin/insight-add">
            Add Insight
          </Link>
        }
      />
      {insights.isPending ? <Spinner label="Loading insights…" /> : null}
      {insights.isError ? <QueryError error={insights.error} /> : null}
      {insights.data && insights.data.length === 0 ? <p className="admin-empty">{NO_INSIGHTS}</p> : null}
      {insights.data && insights.data.length > 0 ? (
        <>
          <p className="admin-count">{insights.data.length === 1 ? '1 insight.' : `${insights.data.length} insights.`}</p>
          <TableRegion label="Insights">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Title</th>
                  <th scope="col">Date Added</th>
                  <th scope="col">Edit</th>
                </tr>
              </thead>
              <tbody>
                {insights.data.map((insight) => (
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
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      ) : null}
    </>
  );
}
