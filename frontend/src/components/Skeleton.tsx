import './skeleton.css';

/**
 * A grey bar standing in for a line of text that is still loading. It holds a no-break space, so it
 * is exactly as tall as the line it replaces (put it inside an element with that line's class), and
 * it is hidden from assistive technology: the loading state announces itself (a `role="status"`).
 * Its width is a class (`short`: 60 % of the line, `label`: 8em), not a style attribute: the
 * prerendered pages' HTML may carry no inline style (the CSP's style-src is 'self').
 */
export function SkeletonText({ size }: { size?: 'short' | 'label' }) {
  return (
    <span className={size ? `skeleton skeleton-text skeleton-text--${size}` : 'skeleton skeleton-text'} aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}
