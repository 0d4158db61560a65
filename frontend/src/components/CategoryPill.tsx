import { Link } from 'react-router';
import './category-pill.css';

/** A category as a rounded link with its small image (/books, /home). */
export function CategoryPill({ to, name, image, imageSize }: { to: string; name: string; image: string; imageSize: number }) {
  return (
    <Link className="category-pill" to={to}>
      {image ? <img src={image} alt="" width={imageSize} height={imageSize} loading="lazy" /> : null}
      <span>{name}</span>
    </Link>
  );
}
