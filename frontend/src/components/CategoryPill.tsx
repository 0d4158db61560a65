import { Link } from 'react-router';
import './category-pill.css';
import './skeleton.css';

/** A category as a rounded link with its small image (/books, /home). */
export function CategoryPill({ to, name, image, imageSize }: { to: string; name: string; image: string; imageSize: number }) {
  return (
    <Link className="category-pill" to={to}>
      {image ? <img src={image} alt="" width={imageSize} height={imageSize} loading="lazy" decoding="async" /> : null}
      <span>{name}</span>
    </Link>
  );
}

/** A dozen grey pills while loading; category-pill.css gives them about the widths of real names. */
const SKELETON_PILLS = 12;

/**
 * A list of category pills while the categories load: pills of the real ones' height and about
 * their widths, so the rows they fill (and everything below them) stay put when the names arrive.
 * Announced as a status with `label`; the pills are hidden from assistive technology.
 */
export function CategoryPillsSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <ul className="category-list" aria-hidden="true">
        {Array.from({ length: SKELETON_PILLS }, (_, index) => (
          <li key={index}>
            <span className="category-pill category-pill--skeleton skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}
