import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { useGoals } from '../api/goals';
import { ListPage } from '../components/ListPage';

export const NO_GOALS = 'No goals yet.';

/** /admin/goals: every goal, with links to add one, edit each, and upload its photo and featured photo. */
export default function GoalsList() {
  useDocumentTitle('Goals');
  const goals = useGoals();
  return (
    <ListPage
      title="Goals"
      lead="Books serve goals: members filter /books by them and the ten-day challenge builds plans from them. Link books to goals on the book form."
      action={
        <Link className="btn btn--primary btn--md" to="/admin/goal-add">
          Add goal
        </Link>
      }
      query={goals}
      rows={(data) => data}
      loading="Loading goals…"
      empty={NO_GOALS}
      count={(rows) => (rows.length === 1 ? '1 goal.' : `${rows.length} goals.`)}
      label="Goals"
      columns={['ID', 'Title', 'Short title', 'Books', 'Actions']}
      row={(goal) => (
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
      )}
    />
  );
}
