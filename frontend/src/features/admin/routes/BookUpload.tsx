import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { afterBookChange, useBook } from '../api/books';
import { UPLOAD_SCREENS, uploadFile, type UploadSlot } from '../api/upload';
import { QueryError } from '../components/AccessPages';
import { CurrentMedia } from '../components/CurrentMedia';
import { UploadProgress } from '../components/UploadProgress';
import { AdminForm } from '../components/form/AdminForm';
import type { FieldDefinition, FormValues } from '../components/form/types';
import { NO_FILE } from '../components/UploadPanel';
import '../upload.css';

export { NO_FILE };
export const VIDEO_SIZE_NOTE = 'The maximum size is about 5GB.';

/** /admin/book-{photo|vector|infographic|media|podcast|video}/{id}: one file, with progress. */
export default function BookUpload({ slot }: { slot: UploadSlot }) {
  const id = Number(useParams().id);
  const screen = UPLOAD_SCREENS.find((item) => item.slot === slot) ?? UPLOAD_SCREENS[0];
  const book = useBook(id);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  useDocumentTitle(`${screen.title} of book #${id}`);

  const fields: FieldDefinition[] = [
    {
      id: 'file',
      label: slot === 'video' ? `Video file (maximum about 5GB)` : `${screen.title} file`,
      type: 'file',
      accept: screen.accept,
      helpText: slot === 'video' ? `${VIDEO_SIZE_NOTE} Uploads may take up to 30 minutes.` : 'The file replaces the current one once it is stored whole.',
    },
  ];

  const upload = async (values: FormValues) => {
    const file = values.file instanceof File ? values.file : null;
    if (!file) throw new Error(NO_FILE);
    setProgress(0);
    try {
      const result = await uploadFile(slot, id, file, { onProgress: setProgress });
      setProgress(100);
      await afterBookChange(queryClient, result.book);
      return result.message;
    } catch (error) {
      // Spec §4: progress goes back to 0 on failure.
      setProgress(0);
      throw error;
    }
  };

  return (
    <>
      <header className="page__header">
        <p className="admin-back">
          <Link to="/admin/books-list">← Books</Link>
        </p>
        <h1 className="page__title">{screen.title}</h1>
        {book.data ? (
          <p className="page__lead">
            For “{book.data.title}” by {book.data.author} (#{id}). <Link to={`/admin/book-edit/${id}`}>Edit the book</Link>
          </p>
        ) : null}
      </header>
      {book.isError ? <QueryError error={book.error} /> : null}
      {book.isPending ? <Spinner label="Loading the book…" /> : null}
      {book.data ? (
        <div className="upload">
          <section className="card admin-card" aria-labelledby="upload-title">
            <h2 id="upload-title" className="card__title">
              Upload a new file
            </h2>
            <AdminForm fields={fields} submitLabel="Upload" submittingLabel="Uploading…" onSubmit={upload}>
              <UploadProgress percent={progress} />
            </AdminForm>
          </section>
          <section className="card admin-card upload-current" aria-labelledby="current-title">
            <h2 id="current-title" className="card__title">
              Current file
            </h2>
            <CurrentMedia book={book.data} slot={slot} kind={screen.kind} title={screen.title} />
          </section>
        </div>
      ) : null}
    </>
  );
}
