import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useAccount } from '@/lib/auth/account-api';
import { useKindle, useSendToKindle } from '../api/kindle';
import { useBookSearch } from '../api/search-books';
import '../kindle.css';

/** The title a link may carry along (from the reader or the book search). */
function carriedTitle(state: unknown): string | null {
  const title = (state as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title ? title : null;
}

/**
 * /send-to-kindle/:bookId and /send-to-kindle (signed in): sends a summary to the member's Kindle;
 * without a book, asks for one first (back-office spec §2). Free members get the upgrade link to
 * /try; members without a Kindle address the way to /set-kindle.
 */
export default function SendToKindleRoute() {
  const { bookId } = useParams();
  useDocumentTitle('Send to Kindle');
  const account = useAccount();
  const kindle = useKindle();
  const user = account.data?.user;

  return (
    <div className="page page--narrow kindle">
      <header className="page__header">
        <h1 className="page__title">Send to Kindle</h1>
        <p className="page__lead">Read the summary on your Kindle: we e-mail it to your Kindle address as an e-book.</p>
      </header>
      {account.isPending || kindle.isPending ? <Spinner label="Loading…" /> : null}
      {kindle.error ? <Alert tone="error">{errorMessage(kindle.error)}</Alert> : null}
      {user && !user.isPaid ? (
        <Alert tone="info" title="Send to Kindle comes with Premium">
          Upgrade to send any summary to your Kindle, download it as a PDF, and read, listen to and watch every summary.{' '}
          <Link to="/try">Upgrade to Premium</Link>
        </Alert>
      ) : null}
      {user?.isPaid && kindle.data && !kindle.data.kindleEmail ? <NoAddress bookId={bookId} /> : null}
      {user?.isPaid && kindle.data?.kindleEmail ? bookId ? <SendBook key={bookId} bookId={bookId} address={kindle.data.kindleEmail} /> : <ChooseBook /> : null}
    </div>
  );
}

function NoAddress({ bookId }: { bookId?: string }) {
  const next = bookId ? `?next=${encodeURIComponent(`/send-to-kindle/${bookId}`)}` : '';
  return (
    <section className="card kindle__card" aria-labelledby="kindle-none">
      <h2 id="kindle-none" className="card__title">
        Set your Kindle address first
      </h2>
      <p className="kindle__current">Tell us your Send-to-Kindle e-mail address and the summaries go straight to your Kindle.</p>
      <div className="kindle__actions">
        <Link className="btn btn--primary btn--md" to={`/set-kindle${next}`}>
          Set your Kindle address
        </Link>
      </div>
    </section>
  );
}

function SendBook({ bookId, address }: { bookId: string; address: string }) {
  const location = useLocation();
  const title = carriedTitle(location.state);
  const send = useSendToKindle();
  const failure = send.error instanceof ApiError ? send.error : null;

  return (
    <section className="card kindle__card" aria-labelledby="kindle-send">
      <h2 id="kindle-send" className="card__title">
        {title ?? 'This summary'}
      </h2>
      <p className="kindle__current" data-testid="kindle-current">
        It goes to <strong>{address}</strong>. <Link to={`/set-kindle?next=${encodeURIComponent(`/send-to-kindle/${bookId}`)}`}>Change</Link>
      </p>
      {send.data ? (
        <Alert tone="success" title="Sent!">
          The summary is on its way to {send.data.sentTo} and arrives in a few minutes. You can send {send.data.sendsLeftToday} more{' '}
          {send.data.sendsLeftToday === 1 ? 'summary' : 'summaries'} today.
        </Alert>
      ) : null}
      {send.error ? (
        <Alert tone="warning">
          {errorMessage(send.error)}
          {failure?.status === 403 ? (
            <>
              {' '}
              <Link to="/try">Upgrade to Premium</Link>
            </>
          ) : null}
          {failure?.status === 400 ? (
            <>
              {' '}
              <Link to={`/set-kindle?next=${encodeURIComponent(`/send-to-kindle/${bookId}`)}`}>Set your Kindle address</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <div className="kindle__actions">
        <Button onClick={() => send.mutate(bookId)} loading={send.isPending} loadingText="Sending…">
          {send.data ? 'Send again' : 'Send to Kindle'}
        </Button>
        <Link className="btn btn--ghost btn--md" to="/send-to-kindle">
          Choose another book
        </Link>
      </div>
    </section>
  );
}

function ChooseBook() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const search = useBookSearch(query);
  const books = search.data?.books ?? [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  return (
    <section className="card kindle__card" aria-labelledby="kindle-choose">
      <h2 id="kindle-choose" className="card__title">
        Which summary?
      </h2>
      <form className="kindle__search" role="search" onSubmit={onSubmit} aria-label="Book search">
        <TextField
          label="Find a book"
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="Title or author"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {search.isFetching ? <Spinner inline label="Searching…" /> : null}
      {search.error ? <Alert tone="warning">{errorMessage(search.error)}</Alert> : null}
      {query && search.data && books.length === 0 ? <p role="status">No summaries match "{query}".</p> : null}
      {books.length > 0 ? (
        <ul className="kindle__results" aria-label="Books found">
          {books.map((book) => (
            <li key={book.id} className="kindle__result">
              <div>
                <p className="kindle__result-title">{book.title}</p>
                <p className="kindle__result-author">{book.author}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Choose ${book.title}`}
                onClick={() => void navigate(`/send-to-kindle/${encodeURIComponent(String(book.id))}`, { state: { title: book.title } })}
              >
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
