import { useParams } from 'react-router';
import { isCatalogueSort } from '../api/books';
import { BookListView } from '../components/BookListView';
import { UnknownList } from '../components/NotFoundSort';
import '../catalogue.css';

/** /booklist/:sort/:tag (sort: new, trending, ab, audio, video; tag: `all` or a category subid). */
export default function BookListRoute() {
  const { sort, tag = 'all' } = useParams();
  if (!isCatalogueSort(sort)) return <UnknownList sort={sort ?? ''} />;
  return <BookListView sort={sort} tag={tag} />;
}
