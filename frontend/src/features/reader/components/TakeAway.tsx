import { Link } from 'react-router';
import type { BookDetail } from '../api/types';
import './take-away.css';

type TakeAwayBook = Pick<BookDetail, 'id' | 'subid' | 'title' | 'mayDownloadPdf'>;

/** Where "Download PDF" and "Send to Kindle" lead for this reader (PDF and Kindle are Premium). */
export function takeAwayLinks(book: TakeAwayBook): { pdf: string; kindle: string } {
  const id = encodeURIComponent(String(book.id));
  const title = encodeURIComponent(book.subid || book.title);
  return {
    // Paid members and the book's buyer download at once; anyone else chooses: buy it, or upgrade.
    pdf: book.mayDownloadPdf ? `/download-pdf/${id}/${title}` : `/download-pdf-or/${id}/${title}`,
    // The Kindle page itself shows free members the upgrade link.
    kindle: `/send-to-kindle/${id}`,
  };
}

/** "Download PDF" and "Send to Kindle" under the book's heading. */
export function TakeAway({ book }: { book: TakeAwayBook }) {
  const links = takeAwayLinks(book);
  return (
    <ul className="take-away" aria-label="Take this summary with you">
      <li>
        <Link className="take-away__link" to={links.pdf}>
          Download PDF
        </Link>
      </li>
      <li>
        <Link className="take-away__link" to={links.kindle} state={{ title: book.title }}>
          Send to Kindle
        </Link>
      </li>
    </ul>
  );
}
