import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own region on narrow screens (375 px) instead of
 * widening the page; the region is focusable so keyboard users can scroll it too.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
