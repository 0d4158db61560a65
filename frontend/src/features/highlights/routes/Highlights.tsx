import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { COLOUR_NAMES } from '@/components/HighlightEditor';
import { SelectField, TextField } from '@/components/form/Field';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { HIGHLIGHT_COLOURS, type HighlightFilters } from '@/lib/highlights/api';
import { saveFile } from '@/lib/save-file';
import { exportHighlights, type ExportFormat } from '../api/export-highlights';
import { useHighlights } from '../api/get-highlights';
import { HighlightItem } from '../components/HighlightItem';
import '../highlights.css';

export const NO_HIGHLIGHTS = 'No highlights yet. Select text in a summary to highlight it.';

/** /highlights (signed-in only) */
export default function HighlightsRoute() {
  return (
    <ProtectedRoute>
      <Highlights />
    </ProtectedRoute>
  );
}

/** Every highlight, newest first, 50 a page: colour, text and book filters, exports, edit and remove. */
function Highlights() {
  useDocumentTitle('My Highlights');
  const [filters, setFilters] = useState<HighlightFilters>({ page: 1 });
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState('');
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const highlights = useHighlights(filters);
  const data = highlights.data;
  const filtered = Boolean(filters.colour || filters.search || filters.book);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, page: 1, search: searchText.trim() || undefined }));
  };

  const download = (format: ExportFormat) => {
    setExporting(format);
    setExportError(null);
    exportHighlights(format)
      .then(({ file, name }) => saveFile(file, name))
      .catch((error: unknown) => setExportError(errorMessage(error)))
      .finally(() => setExporting(null));
  };

  // Books seen on this page, for the book filter.
  const books = new Map<string, string>();
  for (const item of data?.highlights ?? []) books.set(item.book.subid, item.book.title);
  if (filters.book && !books.has(filters.book)) books.set(filters.book, filters.book);

  return (
    <div className="container highlights">
      <h1>My Highlights</h1>
      <div className="highlights__exports">
        <Button variant="secondary" size="sm" loading={exporting === 'markdown'} onClick={() => download('markdown')}>
          Export Markdown
        </Button>
        <Button variant="secondary" size="sm" loading={exporting === 'readwise'} onClick={() => download('readwise')}>
          Export for Readwise (CSV)
        </Button>
      </div>
      {exportError ? <Alert tone="error">{exportError}</Alert> : null}

      <div className="highlights__filters">
        <SelectField
          label="Colour"
          placeholder="All colours"
          options={HIGHLIGHT_COLOURS.map((c) => ({ value: c, label: COLOUR_NAMES[c] }))}
          value={filters.colour ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, page: 1, colour: e.target.value || undefined }))}
        />
        <SelectField
          label="Book"
          placeholder="All books"
          options={[...books].map(([value, label]) => ({ value, label }))}
          value={filters.book ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, page: 1, book: e.target.value || undefined }))}
        />
        <form role="search" aria-label="Highlights" className="highlights__search" onSubmit={search}>
          <TextField label="Search quotes and notes" type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          <Button type="submit" size="sm">
            Search highlights
          </Button>
        </form>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>

      {highlights.isPending ? (
        <Spinner label="Loading your highlights" />
      ) : highlights.isError ? (
        <Alert tone="error">{errorMessage(highlights.error)}</Alert>
      ) : data && data.highlights.length === 0 ? (
        <p className="highlights__empty">{filtered ? 'No highlights match.' : NO_HIGHLIGHTS}</p>
      ) : data ? (
        <>
          <p className="highlights__count">{data.total === 1 ? '1 highlight' : `${data.total} highlights`}</p>
          <ul className="highlights__list">
            {data.highlights.map((item) => (
              <HighlightItem key={item.highlight.id} item={item} onChanged={setStatus} />
            ))}
          </ul>
          {data.pages > 1 ? (
            <nav className="highlights__pages" aria-label="Pages">
              <Button variant="ghost" size="sm" disabled={data.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                Previous page
              </Button>
              <span>
                Page {data.page} of {data.pages}
              </span>
              <Button variant="ghost" size="sm" disabled={data.page >= data.pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                Next page
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
