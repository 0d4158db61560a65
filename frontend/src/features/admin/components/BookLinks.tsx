import { Link } from 'react-router';
import { UPLOAD_SCREENS } from '../api/upload';

/** The upload screens of one book, as a list of links. */
export function BookLinks({ id, title }: { id: number; title: string }) {
  return (
    <ul className="admin-links" aria-label={`Files of ${title}`}>
      {UPLOAD_SCREENS.map((screen) => (
        <li key={screen.slot}>
          <Link to={`/admin/book-${screen.slot}/${id}`}>{screen.title}</Link>
        </li>
      ))}
    </ul>
  );
}
