import { useParams } from 'react-router';
import { CategoryView } from '../components/CategoryView';
import '../catalogue.css';

/** /category/:category (a category subid). */
export default function CategoryRoute() {
  const { category = '' } = useParams();
  return <CategoryView key={category} subid={category} />;
}
