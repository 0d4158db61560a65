import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useGoals } from '../api/goals';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { TableRegion } from '../components/TableRegion';

export const NO_GOALS = 'No goals yet.';

/** /admin/goals: every goal, with links to add one, edit each, and upload its photo and featured photo. */
export default function GoalsList() {
  useDocumentTitle('Goals');
  const goals = useGoals();
  return (
    <>
      <PageHeader
        title="Goals"
        lead="Books serve goals: members filter /books by them and the ten-day challenge builds plans from them. Link books to goals on the book form."
        action={
          <Link className="btn btn--primary btn--md" to="/admin/goal-add">
            Add goal
          </Link>
        }
      />
      {goals.isPending ? <Spinner label="Loading goals…" /> : null}
      {goals.isError ? <QueryError error={goals.error} /> : null}
      {goals.data && goals.data.length === 0 ? <p className="admin-empty">{NO_GOALS}</p> : null}
      {goals.data && goals.data.length > 0 ? (
        <>
          <p className="admin-count">{goals.data.length === 1 ? '1 goal.' : `${goals.data.length} goals.`}</p>
          <TableRegion label="Goals">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                  <th scope="col">Short title</th>
                  <th scope="col">Books</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {goals.data.map((goal) => (
                  <tr key={goal.id}>
                    <td>{goal.id}</td>
                    <td className="admin-content__title">
                      <span>{goal.title}</span>
                    </td>
                    <td>{goal.shortTitle}</td>
                    <td>{goal.bookCount}</td>
                    <td>
                      <ul className="admin-content__actions" aria-label={`Actions for ${goal.title}`}>
                        <li>
                          <Link to={`/admin/goal-edit/${goal.id}`} aria-label={`Edit ${goal.title}`}>
                            Edit
                          </Link>
                        </li>
                        <li>
                          <Link to={`/admin/goals/photo/${goal.id}`} aria-label={`Photo of ${goal.title}`}>
                            Photo
                          </Link>
                        </li>
                        <li>
                          <Link to={`/admin/goals/featured-photo/${goal.id}`} aria-label={`Featured photo of ${goal.title}`}>
                            Featured photo
                          </Link>
                        </li>
                      </ul>
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
