import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';
import { downloadPdf, type PdfFile } from '../api/download-pdf';
import { titleFromSegment } from '../title';
import '../pdf.css';

type State = { step: 'loading' } | { step: 'done'; pdf: PdfFile } | { step: 'forbidden' } | { step: 'failed'; message: string };

/**
 * /download-pdf/:id/:title (signed in): downloads the summary's PDF as the page opens, then offers
 * "Download again". A member who may not have it (403) goes to /try (back-office spec §8).
 */
export default function DownloadPdfRoute() {
  const { id = '', title } = useParams();
  const name = titleFromSegment(title);
  useDocumentTitle(`${name} (PDF)`);
  const [state, setState] = useState<State>({ step: 'loading' });
  const started = useRef<string | null>(null);

  const fetchPdf = useCallback(() => {
    setState({ step: 'loading' });
    downloadPdf(id)
      .then((pdf) => {
        saveFile(pdf.file, pdf.name);
        setState({ step: 'done', pdf });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) setState({ step: 'forbidden' });
        else setState({ step: 'failed', message: errorMessage(error) });
      });
  }, [id]);

  // Once per book, also under React's development double effects.
  useEffect(() => {
    if (started.current === id) return;
    started.current = id;
    fetchPdf();
  }, [id, fetchPdf]);

  if (state.step === 'forbidden') return <Navigate to="/try" replace />;

  return (
    <div className="page page--narrow pdf">
      <header className="page__header">
        <h1 className="page__title">{name}</h1>
        <p className="page__lead">The summary as a PDF: every key idea, to read offline or print.</p>
      </header>
      {state.step === 'loading' ? <Spinner label="Preparing your PDF…" /> : null}
      {state.step === 'done' ? (
        <Alert tone="success" title="Your download has started">
          The summary is saved as {state.pdf.name}. Nothing happened? Use Download again.
        </Alert>
      ) : null}
      {state.step === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <div className="pdf__actions">
        {state.step === 'done' ? <Button onClick={() => saveFile(state.pdf.file, state.pdf.name)}>Download again</Button> : null}
        {state.step === 'failed' ? <Button onClick={fetchPdf}>Try again</Button> : null}
        <Link className="btn btn--ghost btn--md" to={`/books/${encodeURIComponent(id)}`}>
          Back to the summary
        </Link>
      </div>
    </div>
  );
}
