import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BookGrid, BookGridSkeleton, FIRST_ROW } from '@/components/BookCard';
import { CategoryPill, CategoryPillsSkeleton } from '@/components/CategoryPill';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { CatalogueSort } from '../api/types';
import { useCategories } from '@/lib/catalogue/categories-api';
import { isCatalogueSort, PREVIEW_SIZE, useBookPage } from '../api/books';
import { useCollections } from '../api/collections';
import { parseGoal, useGoals } from '../api/goals';
import { BookListView } from '../components/BookListView';
import { CategoryView } from '../components/CategoryView';
import { GoalSelect } from '../components/GoalFilter';
import { LoadError } from '../components/Messages';
import { errorMessage } from '@/lib/api/client';
import '../catalogue.css';

/** `?sort=` words used by links (the home page links /books/?sort=newest). */
function sortFromQuery(value: string | null): CatalogueSort | null {
  if (!value) return null;
  if (value === 'newest' || value === 'latest') return 'new';
  if (value === 'popular') return 'trending';
  return isCatalogueSort(value) ? value : null;
}

/**
 * /books: the catalogue. `?category={subid}` shows that category (as /category/{subid} does),
 * `?sort=newest` (or another sort) shows that list (as /booklist/{sort}/all does), and `?goal={id}`
 * the books serving a goal (with any of those filters).
 */
export default function BooksRoute() {
  const [search] = useSearchParams();
  const category = search.get('category');
  const sort = sortFromQuery(search.get('sort'));
  if (parseGoal(search.get('goal'))) return <BookListView sort={sort ?? 'new'} tag="all" />;
  if (category) return <CategoryView key={category} subid={category} />;
  if (sort) return <BookListView sort={sort} tag="all" />;
  return <Catalogue />;
}

function Catalogue() {
  useDocumentTitle('Book Summaries');
  return (
    <div className="page catalogue">
      <header className="page__header">
        <h1 className="page__title">Book Summaries</h1>
        <p className="page__lead">The big ideas of great non-fiction books, in about 15 minutes each. Read or listen.</p>
      </header>
      <CategoriesSection />
      <GoalsSection />
      {/* The first list on the page: its first row of covers loads at once. */}
      <PreviewSection id="latest" title="Latest" sort="new" href="/booklist/new/all" eager />
      <PreviewSection id="popular" title="Popular" sort="trending" href="/booklist/trending/all" />
      <CollectionsSection />
      <section className="catalogue__section" aria-labelledby="more-title">
        <h2 id="more-title" className="catalogue__heading">
          More ways to browse
        </h2>
        <ul className="link-row">
          <li>
            <Link to="/booklist/ab/all">All books A to Z</Link>
          </li>
          <li>
            <Link to="/booklist/audio/all">Audio summaries</Link>
          </li>
          <li>
            <Link to="/booklist/video/all">Video summaries</Link>
          </li>
          <li>
            <Link to="/authors">Book authors</Link>
          </li>
          <li>
            <Link to="/infographics">Infographics</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function CategoriesSection() {
  const categories = useCategories();
  return (
    <section className="catalogue__section" aria-labelledby="categories-title">
      <h2 id="categories-title" className="catalogue__heading">
        Categories
      </h2>
      {categories.isPending ? <CategoryPillsSkeleton label="Loading categories…" /> : null}
      {categories.isError ? <LoadError error={categories.error} /> : null}
      {categories.data ? (
        <ul className="category-list">
          {categories.data.categories.map((category) => (
            <li key={category.id}>
              <CategoryPill to={`/category/${encodeURIComponent(category.subid)}`} name={category.name} image={category.small_image} imageSize={32} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Books by the goal they serve: choose one, then see its books (/books?goal={id}). */
function GoalsSection() {
  const goals = useGoals();
  const navigate = useNavigate();
  const [goal, setGoal] = useState<number | undefined>(undefined);
  // No goals yet: nothing to offer.
  if (goals.isSuccess && goals.data.length === 0) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (goal !== undefined) void navigate(`/books?goal=${goal}`);
  };
  return (
    <section className="catalogue__section" aria-labelledby="goals-title">
      <h2 id="goals-title" className="catalogue__heading">
        Books for your goal
      </h2>
      {goals.isError ? (
        // Said, with a way to ask again, rather than hidden: the section is how a member finds books by goal.
        <div className="goal-form" role="alert">
          <p>The goals could not be loaded. {errorMessage(goals.error)}</p>
          <button type="button" className="btn btn--secondary btn--md" onClick={() => void goals.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <form className="goal-form" onSubmit={submit} aria-labelledby="goals-title">
          <GoalSelect value={goal} onChange={setGoal} label="Your goal" />
          {/* There from the start (disabled until a goal is chosen), so the row does not change when the goals arrive. */}
          <button type="submit" className="btn btn--primary btn--md" disabled={goal === undefined}>
            Show books
          </button>
        </form>
      )}
    </section>
  );
}

function PreviewSection({ id, title, sort, href, eager = false }: { id: string; title: string; sort: CatalogueSort; href: string; eager?: boolean }) {
  const books = useBookPage({ sort }, 1, PREVIEW_SIZE);
  const headingId = `${id}-title`;
  return (
    <section className="catalogue__section" aria-labelledby={headingId}>
      <div className="catalogue__section-head">
        <h2 id={headingId} className="catalogue__heading">
          {title}
        </h2>
        <Link to={href} className="see-all" aria-label={`See all ${title.toLowerCase()} books`}>
          See all
        </Link>
      </div>
      {books.isPending ? <BookGridSkeleton count={PREVIEW_SIZE} label={`Loading ${title.toLowerCase()} books…`} /> : null}
      {books.isError ? <LoadError error={books.error} /> : null}
      {books.data ? <BookGrid books={books.data.books} label={title} eagerCount={eager ? FIRST_ROW : 0} /> : null}
    </section>
  );
}

function CollectionsSection() {
  const collections = useCollections();
  return (
    <section className="catalogue__section" aria-labelledby="collections-title">
      <div className="catalogue__section-head">
        <h2 id="collections-title" className="catalogue__heading">
          Collections
        </h2>
        <Link to="/collections" className="see-all" aria-label="See all collections">
          See all
        </Link>
      </div>
      {collections.isPending ? <Spinner inline label="Loading collections…" /> : null}
      {collections.isError ? <LoadError error={collections.error} /> : null}
      {collections.data ? (
        <ul className="collection-links">
          {collections.data.collections.map((collection) => (
            <li key={collection.id}>
              <Link to={`/collections/${encodeURIComponent(collection.slug)}`}>{collection.title}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
