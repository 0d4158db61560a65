import { useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/Breadcrumb';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCategories } from '@/lib/catalogue/categories-api';
import { parsePage } from '../api/books';
import { LoadError, NotFoundMessage } from './Messages';
import { PagedBooks } from './PagedBooks';

/** A category: its name and description, then its books, newest first, paged. */
export function CategoryView({ subid }: { subid: string }) {
  const [search] = useSearchParams();
  const categories = useCategories();
  const category = categories.data?.categories.find((c) => c.subid === subid);
  useDocumentTitle(category?.name ?? 'Category');
  const page = parsePage(search.get('page'));

  if (categories.isPending)
    return (
      <div className="page">
        <Spinner label="Loading the category…" />
      </div>
    );
  if (categories.isError) {
    return (
      <div className="page">
        <LoadError error={categories.error} />
      </div>
    );
  }
  if (!category) return <NotFoundMessage title="Category not found">There is no category “{subid}”.</NotFoundMessage>;

  return (
    <div className="page catalogue category-page">
      <Breadcrumb items={[{ label: 'Book Summaries', to: '/books' }, { label: category.name }]} />
      <header className="page__header category-page__header">
        {category.small_image ? <img className="category-page__image" src={category.small_image} alt="" width={64} height={64} /> : null}
        <div>
          <h1 className="page__title">{category.name}</h1>
          {category.description ? <p className="page__lead">{category.description}</p> : null}
        </div>
      </header>
      <PagedBooks filters={{ sort: 'new', category: category.subid }} page={page} label={`${category.name} books`} emptyText="No books in this category yet." />
    </div>
  );
}
