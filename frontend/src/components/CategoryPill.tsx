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

/** The widths of the placeholder pills: about those of a dozen category names, short and long. */
const SKELETON_PILL_WIDTHS = ['9.5em', '12.5em', '10.5em', '11.5em', '9em', '13.5em', '15em', '14em', '12.5em', '13em', '15.5em', '18em'];

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
        {SKELETON_PILL_WIDTHS.map((width, index) => (
          <li key={index}>
            <span className="category-pill category-pill--skeleton skeleton" style={{ width }} />
          </li>
        ))}
      </ul>
    </div>
  );
}
