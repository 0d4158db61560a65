import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { usePodcasts } from '../api/podcasts';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { TableRegion } from '../components/TableRegion';

export const NO_PODCASTS = 'No podcasts yet.';

/** /admin/podcasts: every podcast, with links to add one, edit each, and upload its photo and audio. */
export default function PodcastsList() {
  useDocumentTitle('Podcasts');
  const podcasts = usePodcasts();
  return (
    <>
      <PageHeader
        title="Podcasts"
        action={
          <Link className="btn btn--primary btn--md" to="/admin/podcast-add">
            Add podcast
          </Link>
        }
      />
      {podcasts.isPending ? <Spinner label="Loading podcasts…" /> : null}
      {podcasts.isError ? <QueryError error={podcasts.error} /> : null}
      {podcasts.data && podcasts.data.length === 0 ? <p className="admin-empty">{NO_PODCASTS}</p> : null}
      {podcasts.data && podcasts.data.length > 0 ? (
        <>
          <p className="admin-count">{podcasts.data.length === 1 ? '1 podcast.' : `${podcasts.data.length} podcasts.`}</p>
          <TableRegion label="Podcasts">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                  <th scope="col">Minutes</th>
                  <th scope="col">Audio</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {podcasts.data.map((podcast) => (
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
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      ) : null}
    </>
  );
}
