import { useParams } from 'react-router';
import { ReaderPage } from '../components/ReaderPage';

/** /books/:id (id or subid) */
export default function ReaderRoute() {
  const { id = '' } = useParams();
  return <ReaderPage bookId={id} />;
}
