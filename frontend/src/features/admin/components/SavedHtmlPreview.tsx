/**
 * Sanitised HTML as the server stored it, as members' pages show it. It scrolls past 480 px, so
 * it is a focusable region: keyboard users reach it to scroll (axe: scrollable-region-focusable).
 */
export function SavedHtmlPreview({ html, label, className }: { html: string; label: string; className: string }) {
  return <div className={className} role="region" aria-label={label} tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />;
}
