import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import { useDownloadReport } from '../api/download-report';
import { useReport } from '../api/get-report';
import type { QuizMeta } from '../constants';
import { paragraphs, percent } from '../scoring';
import type { ReportBook, ReportType } from '../api/types';
import { ScoreBars } from './ScoreBars';

function formatTaken(takenAt: string): string | null {
  const date = new Date(takenAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function ReportBookLink({ book }: { book: ReportBook }) {
  return (
    <Link className="quiz-book" to={`/books/${encodeURIComponent(book.subid)}`}>
      {book.image ? (
        <img className="quiz-book__cover" src={book.image} alt="" width={48} height={64} loading="lazy" decoding="async" />
      ) : (
        <span className="quiz-book__cover quiz-book__cover--empty" aria-hidden="true">
          {book.title.charAt(0)}
        </span>
      )}
      <span className="quiz-book__text">
        <span className="quiz-book__title">{book.title}</span>
        <span className="quiz-book__author">{book.author}</span>
      </span>
    </Link>
  );
}

function ReportTypeSection({ type }: { type: ReportType }) {
  const id = useId();
  return (
    <section className="quiz-type" aria-labelledby={id} data-testid="quiz-report-type">
      <h3 id={id} className="quiz-type__name">
        {type.name} <span className="quiz-type__score">{percent(type.score)}</span>
      </h3>
      <p className="quiz-type__count">
        {type.count} of {type.questions} statements true
      </p>
      {paragraphs(type.description).map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {type.books.length > 0 ? (
        <>
          <h4 className="quiz-type__books-title">Books for {type.name}</h4>
          <ul className="quiz-type__books" aria-label={`Books for ${type.name}`}>
            {type.books.map((book) => (
              <li key={book.id}>
                <ReportBookLink book={book} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The full report of GET /api/quiz-results/{quiz}/report: every type as a bar, its description
 * and recommended books, and the PDF (report.pdf).
 */
export function FullReport({ meta }: { meta: QuizMeta }) {
  const report = useReport(meta.id, true);
  const download = useDownloadReport(meta.id, meta.pdfName);

  if (report.isPending) return <Spinner label="Loading your full report…" />;
  if (report.isError) return <Alert tone="error">{errorMessage(report.error)}</Alert>;

  const data = report.data;
  const taken = formatTaken(data.takenAt);
  return (
    <section className="card quiz-report" aria-labelledby="quiz-report-title">
      <div className="quiz-report__head">
        <div>
          <h2 id="quiz-report-title" className="quiz-section__title">
            Your full report
          </h2>
          {taken ? <p className="quiz-note">Taken on {taken}.</p> : null}
        </div>
        <Button variant="secondary" loading={download.isPending} loadingText="Preparing your PDF…" onClick={() => download.mutate()}>
          Download report (PDF)
        </Button>
      </div>
      {download.isError ? <Alert tone="error">{errorMessage(download.error)}</Alert> : null}
      <ScoreBars types={data.types} label={`Your score for each ${meta.typeLabel.one}`} />
      <div className="quiz-report__types">
        {data.types.map((type) => (
          <ReportTypeSection key={type.name} type={type} />
        ))}
      </div>
    </section>
  );
}
