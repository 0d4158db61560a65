import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { useAccount } from '@/lib/auth/account-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { formatCents } from '@/lib/billing/money';
import { bookPlanId, useBookPrice } from '../api/book-price';
import { titleFromSegment } from '../title';
import '../pdf.css';

/**
 * /download-pdf-or/:id/:title: choose your package (back-office spec §2): download the PDF when
 * the member may, buy this one summary as a PDF, or upgrade to Premium.
 */
export default function DownloadPdfOrRoute() {
  const { id = '', title = '' } = useParams();
  const name = titleFromSegment(title);
  useDocumentTitle(`${name}: choose your package`);
  const signedIn = useIsAuthenticated();
  const account = useAccount({ enabled: signedIn });
  const paid = Boolean(account.data?.user.isPaid);
  const price = useBookPrice(id);
  const downloadPath = `/download-pdf/${encodeURIComponent(id)}/${encodeURIComponent(title)}`;

  return (
    <div className="page pdf">
      <header className="page__header">
        <h1 className="page__title">Choose your package</h1>
        <p className="page__lead">Take {name} with you as a PDF.</p>
      </header>
      <ul className="pdf__packages" aria-label="Packages">
        {paid ? (
          <li className="card pdf__package pdf__package--featured">
            <h2 className="card__title">Download the PDF</h2>
            <p>Premium includes the PDF of every summary.</p>
            <Link className="btn btn--primary btn--md btn--block" to={downloadPath}>
              Download the PDF
            </Link>
          </li>
        ) : null}
        {!paid && price.data ? (
          <li className="card pdf__package">
            <h2 className="card__title">This summary as a PDF</h2>
            <p className="pdf__price">
              <span className="pdf__amount" data-testid="book-price">
                {formatCents(price.data.price)}
              </span>{' '}
              one-time payment
            </p>
            <p>Buy this one summary and keep its PDF.</p>
            <Link className="btn btn--secondary btn--md btn--block" to={`/payment/${encodeURIComponent(bookPlanId(id))}`}>
              Buy this summary
            </Link>
            {signedIn ? (
              <p className="pdf__note">
                Bought it already? <Link to={downloadPath}>Download your PDF</Link>
              </p>
            ) : null}
          </li>
        ) : null}
        {!paid ? (
          <li className="card pdf__package pdf__package--featured">
            <h2 className="card__title">Premium</h2>
            <p>Every summary in full, as text, audio, visuals and video, with PDFs and Send to Kindle.</p>
            <Link className="btn btn--primary btn--md btn--block" to="/try">
              Upgrade to Premium
            </Link>
          </li>
        ) : null}
      </ul>
      <p>
        <Link to={`/books/${encodeURIComponent(id)}`}>Back to the summary</Link>
      </p>
    </div>
  );
}
