import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminCollectionView } from '../api/types';
import { COLLECTIONS_ERROR, useAdminCollections } from '../api/collections';
import { ListPage } from '../components/ListPage';
import { toDateTime } from '../format';

export const NO_COLLECTIONS = 'No collections yet.';

export type CollectionSortField = 'id' | 'title' | 'uploadDate' | 'bookCount';
export type SortDirection = 'asc' | 'desc';

const FIELDS: { field: CollectionSortField; label: string }[] = [
  { field: 'id', label: 'ID' },
  { field: 'title', label: 'Title' },
  { field: 'bookCount', label: 'Books' },
  { field: 'uploadDate', label: 'Date Added' },
];

/** Spec §4: ascending first, except fields whose name contains Date or Count, which sort newest/largest first. */
export function firstDirection(field: string): SortDirection {
  return /Date|Count/.test(field) ? 'desc' : 'asc';
}

export function sortCollections(collections: AdminCollectionView[], field: CollectionSortField, direction: SortDirection): AdminCollectionView[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...collections].sort((a, b) => {
    const order = field === 'title' ? a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) : a[field] - b[field];
    return (order || a.id - b.id) * sign;
  });
}

function parseField(value: string | null): CollectionSortField {
  return FIELDS.some((item) => item.field === value) ? (value as CollectionSortField) : 'id';
}

/** /admin/collections: sortable by id or title (and by books or date added) on a header click, with an edit link each. */
export default function CollectionsList() {
  useDocumentTitle('Collections');
  const [params, setParams] = useSearchParams();
  const field = parseField(params.get('sort'));
  const dir = params.get('dir');
  const direction: SortDirection = dir === 'asc' || dir === 'desc' ? dir : firstDirection(field);
  const collections = useAdminCollections();

  const sortBy = (next: CollectionSortField) => {
    const nextDirection = next === field ? (direction === 'asc' ? 'desc' : 'asc') : firstDirection(next);
    setParams({ sort: next, dir: nextDirection });
  };

  return (
    <ListPage
      title="Collections"
      action={
        <Link className="btn btn--primary btn--md" to="/admin/collection-add">
          Add collection
        </Link>
      }
      query={collections}
      rows={(data) => sortCollections(data, field, direction)}
      loading="Loading collections…"
      errorText={COLLECTIONS_ERROR}
      empty={NO_COLLECTIONS}
      count={(rows) => (
        <>
          {rows.length === 1 ? '1 collection' : `${rows.length} collections`}, by {FIELDS.find((item) => item.field === field)?.label.toLowerCase()},{' '}
          {direction === 'asc' ? 'ascending' : 'descending'}.
        </>
      )}
      label="Collections"
      columns={[
        ...FIELDS.map((item) => {
          const active = item.field === field;
          return (
            <th key={item.field} scope="col" aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
              <button type="button" className="admin-sort" onClick={() => sortBy(item.field)}>
                {item.label}
                <span className="admin-sort__mark" aria-hidden="true">
                  {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
                </span>
              </button>
            </th>
          );
        }),
        'Edit',
      ]}
      row={(collection) => (
        <tr key={collection.id}>
          <td>{collection.id}</td>
          <td className="admin-content__title">
            <span>{collection.title}</span>
            {collection.subtitle ? <span className="admin-content__sub">{collection.subtitle}</span> : null}
          </td>
          <td>{collection.bookCount}</td>
          <td className="admin-content__date">{collection.uploadDate ? toDateTime(collection.uploadDate) : ''}</td>
          <td>
            <Link to={`/admin/collection-edit/${collection.id}`} aria-label={`Edit ${collection.title}`}>
              Edit
            </Link>
          </td>
        </tr>
      )}
    />
  );
}
