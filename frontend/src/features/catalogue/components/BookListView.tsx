import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { CatalogueSort } from '../api/types';
import { useCategories } from '@/lib/catalogue/categories-api';
import { parsePage, type BookFilters } from '../api/books';
import { useAuthors } from '../api/authors';
import { useCollections } from '../api/collections';
import { parseGoal } from '../api/goals';
import { GoalSelect, useGoalTitle } from './GoalFilter';
import { PagedBooks } from './PagedBooks';
import './book-list-view.css';

export const SORT_TITLES: Record<CatalogueSort, string> = {
  new: 'Latest',
  trending: 'Popular',
  ab: 'A to Z',
  audio: 'Audio Summaries',
  video: 'Video Summaries',
};

/** The query string without `page` (and `sort`, which /books?sort= uses), for links that change the list. */
function listQuery(search: URLSearchParams, drop: string[] = []): string {
  const next = new URLSearchParams(search);
  for (const key of ['page', 'sort', ...drop]) next.delete(key);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/**
 * /booklist/{sort}/{tag}: Latest and Popular switch the sort (keeping the filters), two checkboxes
 * narrow to titles with audio or video, a select narrows to a goal's books (`?goal=`), and
 * `category` (or a tag other than `all`), `collection` and `author` filter. The page is `?page=`.
 */
export function BookListView({ sort, tag }: { sort: CatalogueSort; tag: string }) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();

  const tagCategory = tag && tag !== 'all' ? tag : undefined;
  const filters: BookFilters = {
    sort,
    category: search.get('category') || tagCategory,
    collection: search.get('collection') || undefined,
    author: search.get('author') || undefined,
    goal: parseGoal(search.get('goal')),
    audio: search.get('audio') === 'true',
    video: search.get('video') === 'true',
  };
  const page = parsePage(search.get('page'));

  const categories = useCategories();
  const collections = useCollections({ enabled: Boolean(filters.collection) });
  const authors = useAuthors({ enabled: Boolean(filters.author) });
  const categoryName = categories.data?.categories.find((c) => c.subid === filters.category)?.name ?? filters.category;
  const collection = collections.data?.collections.find((c) => c.slug === filters.collection);
  const authorName = authors.data?.authors.find((a) => a.slug === filters.author)?.name ?? filters.author;
  const goalTitle = useGoalTitle(filters.goal);

  const title = SORT_TITLES[sort];
  useDocumentTitle([title, categoryName, collection?.title ?? filters.collection, goalTitle].filter(Boolean).join(' · '));

  const switchSort = (next: CatalogueSort) => {
    if (next === sort) return;
    void navigate(`/booklist/${next}/${encodeURIComponent(tag || 'all')}${listQuery(search)}`);
  };

  const setFlag = (key: 'audio' | 'video', on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set(key, 'true');
    else next.delete(key);
    next.delete('page');
    // A controlled checkbox must change with the click: React Router would otherwise apply the
    // new address in a transition, a frame later (and a fast second click could be lost).
    setSearch(next, { flushSync: true });
  };

  const setGoal = (goal: number | undefined) => {
    const next = new URLSearchParams(search);
    if (goal === undefined) next.delete('goal');
    else next.set('goal', String(goal));
    next.delete('page');
    setSearch(next, { flushSync: true });
  };

  const removeHref = (key: 'category' | 'collection' | 'author' | 'goal'): string => {
    if (key === 'category' && !search.get('category') && tagCategory) return `/booklist/${sort}/all${listQuery(search)}`;
    return `/booklist/${sort}/${encodeURIComponent(tag || 'all')}${listQuery(search, [key])}`;
  };

  const chips: { key: 'category' | 'collection' | 'author' | 'goal'; label: string }[] = [];
  if (filters.category) chips.push({ key: 'category', label: `Category: ${categoryName}` });
  if (filters.collection) chips.push({ key: 'collection', label: `Collection: ${collection?.title ?? filters.collection}` });
  if (filters.author) chips.push({ key: 'author', label: `Author: ${authorName}` });
  if (filters.goal) chips.push({ key: 'goal', label: `Goal: ${goalTitle}` });

  return (
    <div className="page catalogue booklist">
      {filters.collection ? (
        <p className="back-link">
          <Link to="/collections">← Back to collections</Link>
        </p>
      ) : null}
      <header className="page__header">
        <h1 className="page__title">{categoryName ? `${title} in ${categoryName}` : title}</h1>
        {collection ? <p className="page__lead">{collection.description}</p> : null}
      </header>

      <div className="booklist__controls">
        <div className="segmented" role="group" aria-label="Sort">
          {(['new', 'trending'] as const).map((option) => (
            <button key={option} type="button" className="segmented__button" aria-pressed={sort === option} onClick={() => switchSort(option)}>
              {SORT_TITLES[option]}
            </button>
          ))}
        </div>
        <fieldset className="booklist__filters">
          <legend className="visually-hidden">Formats</legend>
          <label className="check">
            <input type="checkbox" checked={filters.audio} onChange={(event) => setFlag('audio', event.target.checked)} />
            <span>Audio only</span>
          </label>
          <label className="check">
            <input type="checkbox" checked={filters.video} onChange={(event) => setFlag('video', event.target.checked)} />
            <span>Video only</span>
          </label>
        </fieldset>
        <GoalSelect value={filters.goal} onChange={setGoal} />
      </div>

      {chips.length > 0 ? (
        <ul className="chips" aria-label="Filters">
          {chips.map((chip) => (
            <li key={chip.key} className="chip">
              <span>{chip.label}</span>
              <Link to={removeHref(chip.key)} className="chip__remove" aria-label={`Remove filter ${chip.label}`}>
                ×
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <PagedBooks filters={filters} page={page} label={title} emptyText="No books match these filters." />
    </div>
  );
}
