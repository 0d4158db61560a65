import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOnChange } from '@/components/use-on-change';
import { Alert } from '@/components/Alert';
import { BookGrid, FIRST_ROW } from '@/components/BookCard';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { parsePage } from '../api/books';
import { SEARCH_PAGE_SIZE, useSearch } from '../api/search';
import { BookPageSkeleton } from '../components/BookPageSkeleton';
import { Pager, withPage } from '../components/Pager';
import '../catalogue.css';
import './search.css';

export function resultsText(total: number, q: string): string {
  return `${total === 1 ? '1 book matches' : `${total.toLocaleString('en-US')} books match`} “${q}”.`;
}

/**
 * /search?q=&page=: a search form and the results. Problems with the query (empty, symbols only,
 * too long) come back from the server as 400 and are shown next to the form, never as an error page.
 */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q');
  const page = parsePage(params.get('page'));
  const [value, setValue] = useState(q ?? '');
  const inputId = useId();
  const search = useSearch(q, page);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');

  // Keep the field in step with the address (header search, back button).
  useOnChange(q, (next) => setValue(next ?? ''));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ q: value.trim() });
  };

  const result = search.data;
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(result.pageSize, 1))) : 1;

  return (
    <div className="page catalogue search-page">
      <header className="page__header">
        <h1 className="page__title">Search</h1>
      </header>
      <form role="search" className="search-form" onSubmit={onSubmit} aria-label="Search books">
        <label htmlFor={inputId} className="field__label">
          Search books
        </label>
        <div className="search-form__row">
          <input
            id={inputId}
            className="input"
            type="search"
            name="q"
            value={value}
            maxLength={400}
            placeholder="A title, an author or a topic"
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={search.isError ? `${inputId}-error` : undefined}
          />
          <Button type="submit">Search</Button>
        </div>
      </form>

      <div className="search-page__results">
        {q === null ? <p className="page__lead">Find a summary by its title, its author or a topic.</p> : null}
        {q !== null && search.isPending ? <BookPageSkeleton count={SEARCH_PAGE_SIZE} label="Searching…" /> : null}
        {search.isError ? (
          <Alert tone="warning" id={`${inputId}-error`}>
            {errorMessage(search.error)}
          </Alert>
        ) : null}
        {q !== null && result && !search.isError ? (
          result.total === 0 && result.books.length === 0 ? (
            <div className="empty-state">
              <p role="status">No books match “{q}”.</p>
              <p>
                Check the spelling, try fewer words, or <Link to="/books">browse all book summaries</Link>.
              </p>
            </div>
          ) : (
            <>
              <p className="paged-books__count" role="status">
                {resultsText(result.total, q)}
              </p>
              <BookGrid books={result.books} label="Search results" headingLevel={2} eagerCount={FIRST_ROW} />
              <Pager page={page} pages={pages} hrefFor={(n) => withPage(params, n)} />
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
