import type { CSSProperties } from 'react';
import './skeleton.css';

/**
 * A grey bar standing in for a line of text that is still loading. It holds a no-break space, so it
 * is exactly as tall as the line it replaces (put it inside an element with that line's class), and
 * it is hidden from assistive technology: the loading state announces itself (a `role="status"`).
 */
export function SkeletonText({ width }: { width?: CSSProperties['width'] }) {
  return (
    <span className="skeleton skeleton-text" style={width === undefined ? undefined : { width }} aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}
