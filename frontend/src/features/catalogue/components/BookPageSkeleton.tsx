import { BookGridSkeleton } from '@/components/BookCard';
import { SkeletonText } from '@/components/Skeleton';

/**
 * A page of books (the count line, then a full page of cards) while it loads: the size the page
 * will have, so the results replace it without moving anything. Announced as a status with `label`.
 */
export function BookPageSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className="paged-books">
      <p className="paged-books__count">
        <SkeletonText size="label" />
      </p>
      <BookGridSkeleton count={count} label={label} />
    </div>
  );
}
