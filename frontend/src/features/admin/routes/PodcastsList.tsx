import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { usePodcasts } from '../api/podcasts';
import { ListPage } from '../components/ListPage';

export const NO_PODCASTS = 'No podcasts yet.';

/** /admin/podcasts: every podcast, with links to add one, edit each, and upload its photo and audio. */
export default function PodcastsList() {
  useDocumentTitle('Podcasts');
  const podcasts = usePodcasts();
  return (
    <ListPage
      title="Podcasts"
      action={
        <Link className="btn btn--primary btn--md" to="/admin/podcast-add">
          Add podcast
        </Link>
      }
      query={podcasts}
      rows={(data) => data}
      loading="Loading podcasts…"
      empty={NO_PODCASTS}
      count={(rows) => (rows.length === 1 ? '1 podcast.' : `${rows.length} podcasts.`)}
      label="Podcasts"
      columns={['ID', 'Title', 'Minutes', 'Audio', 'Actions']}
      row={(podcast) => (
        <tr key={podcast.id}>
          <td>{podcast.id}</td>
          <td className="admin-content__title">
            <span>{podcast.title}</span> by {podcast.author}
          </td>
          <td>{podcast.mins}</td>
          <td>{podcast.mediaUrl ? 'Yes' : 'None yet'}</td>
          <td>
            <ul className="admin-content__actions" aria-label={`Actions for ${podcast.title}`}>
              <li>
                <Link to={`/admin/podcasts/${podcast.id}`} aria-label={`Edit ${podcast.title}`}>
                  Edit
                </Link>
              </li>
              <li>
                <Link to={`/admin/podcast-photo/${podcast.id}`} aria-label={`Photo of ${podcast.title}`}>
                  Photo
                </Link>
              </li>
              <li>
                <Link to={`/admin/podcast-media/${podcast.id}`} aria-label={`Media of ${podcast.title}`}>
                  Media
                </Link>
              </li>
            </ul>
          </td>
        </tr>
      )}
    />
  );
}
