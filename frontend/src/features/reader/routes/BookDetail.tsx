import { useParams } from 'react-router';
import { ReaderPage } from '../components/ReaderPage';

/** /book-detail/:subid: the reader without the site header and footer (see RootLayout). */
export default function BookDetailRoute() {
  const { subid = '' } = useParams();
  return <ReaderPage bookId={subid} />;
}
