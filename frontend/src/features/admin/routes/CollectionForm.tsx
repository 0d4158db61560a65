import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminCollectionView } from '../api/types';
import { COLLECTION_ADDED, COLLECTION_UPDATED, useAddCollection, useAdminCollection, useUpdateCollection } from '../api/collections';
import { QueryError } from '../components/AccessPages';
import { AddedCard, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { collectionFields, collectionValues } from '../components/collection-fields';

const BACK = { to: '/admin/collections', label: 'Collections' };

/** /admin/collection-add */
export function CollectionAdd() {
  useDocumentTitle('Add collection');
  const add = useAddCollection();
  const [added, setAdded] = useState<AdminCollectionView | null>(null);
  return (
    <>
      <PageHeader back={BACK} title="Add collection" />
      {added ? (
        <AddedCard
          message={COLLECTION_ADDED}
          heading={`“${added.title}” (#${added.id})`}
          next={`Members find it under Collections (/collections/${added.slug}).`}
          edit={{ to: `/admin/collection-edit/${added.id}`, label: 'Edit the collection' }}
          againLabel="Add another collection"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          <AdminForm
            fields={collectionFields()}
            submitLabel="Add collection"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(collectionValues(values)));
            }}
          />
        </section>
      )}
    </>
  );
}

/** /admin/collection-edit/{id} */
export function CollectionEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`Edit collection #${id}`);
  const collection = useAdminCollection(id);
  const update = useUpdateCollection(id);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <PageHeader
        back={BACK}
        title={`Edit collection #${id}`}
        lead={
          collection.data ? (
            <>
              {collection.data.title} ({collection.data.bookCount === 1 ? '1 book' : `${collection.data.bookCount} books`}).{' '}
              <Link to={`/collections/${encodeURIComponent(collection.data.slug)}`}>See it as members do</Link>
            </>
          ) : undefined
        }
      />
      {collection.isError ? <QueryError error={collection.error} /> : null}
      {collection.isPending ? <Spinner label="Loading the collection…" /> : null}
      {collection.data ? (
        <section className="card admin-card">
          <AdminForm
            key={saved}
            fields={collectionFields(collection.data)}
            submitLabel="Save collection"
            onSubmit={async (values) => {
              await update.mutateAsync(collectionValues(values));
              setSaved((version) => version + 1);
              return COLLECTION_UPDATED;
            }}
            initialStatus={saved > 0 ? { kind: 'success', message: COLLECTION_UPDATED } : undefined}
            after={{
              image: collection.data.imageUrl ? (
                <img className="content-edit__image" src={collection.data.imageUrl} alt={`Picture of ${collection.data.title}`} />
              ) : null,
            }}
          />
        </section>
      ) : null}
    </>
  );
}

/** Both collection forms, one chunk. */
export default function CollectionForm({ mode }: { mode: 'add' | 'edit' }) {
  return mode === 'add' ? <CollectionAdd /> : <CollectionEdit />;
}
