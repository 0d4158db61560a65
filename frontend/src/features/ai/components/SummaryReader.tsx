import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '@/components/ProgressBar';
import type { AiSummaryDetail } from '../api/types';
import { useArrowKeys } from '@/lib/keyboard';
import { formatCreated, sourceKind } from '../steps';

function sectionLabel(section: { title: string } | undefined, index: number): string {
  return section?.title.trim() || `Key idea ${index + 1}`;
}

/**
 * A finished summary in the reader's look: one section at a time with Previous, Next and the left
 * and right arrow keys, the position (index/total and a progress bar) and a contents list. The
 * sections' HTML comes sanitised from the server, and is shown as the book reader shows a section.
 */
export function SummaryReader({ summary }: { summary: AiSummaryDetail }) {
  const { sections } = summary;
  const total = sections.length;
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();
  const sectionTitleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const sectionTitleRef = useRef<HTMLHeadingElement>(null);
  const contentsRef = useRef<HTMLDetailsElement>(null);
  const moved = useRef<'pager' | 'contents' | null>(null);

  const goTo = useCallback(
    (target: number, by: 'pager' | 'contents' = 'pager') => {
      const next = Math.min(Math.max(target, 0), Math.max(total - 1, 0));
      if (next === indexRef.current) return;
      indexRef.current = next;
      moved.current = by;
      setIndex(next);
      setAnnouncement(`Section ${next + 1} of ${total}: ${sectionLabel(sections[next], next)}`);
    },
    [sections, total],
  );

  useArrowKeys((step) => goTo(indexRef.current + step), total > 1);

  // After a move, bring the section's start into view if the reader had scrolled past it; from the
  // contents, the section's heading takes the focus.
  useEffect(() => {
    const by = moved.current;
    if (!by) return;
    moved.current = null;
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView?.({ block: 'start' });
    if (by === 'contents') sectionTitleRef.current?.focus();
  }, [index]);

  const current = sections[index];
  const sourceIsLink = sourceKind(summary.source) === 'url';

  return (
    <div className="ai-reader">
      <div className="ai-reader__bar">
        <div className="ai-reader__bar-inner">
          <Link className="ai-reader__back" to="/ai">
            <span aria-hidden="true">←</span> My summaries
          </Link>
          {total > 0 ? (
            <details ref={contentsRef} className="ai-reader__contents">
              <summary className="ai-reader__contents-toggle">Contents</summary>
              <nav className="ai-reader__contents-panel" aria-label="Table of contents">
                <ol className="ai-toc">
                  {sections.map((section, i) => (
                    <li key={i}>
                      <button
                        type="button"
                        className="ai-toc__item"
                        aria-current={i === index ? 'true' : undefined}
                        onClick={() => {
                          if (contentsRef.current) contentsRef.current.open = false;
                          goTo(i, 'contents');
                        }}
                      >
                        <span className="ai-toc__number" aria-hidden="true">
                          {i + 1}
                        </span>
                        <span>{sectionLabel(section, i)}</span>
                      </button>
                    </li>
                  ))}
                </ol>
              </nav>
            </details>
          ) : null}
          {total > 0 ? (
            <p className="ai-reader__position" data-testid="ai-reader-position">
              <span aria-hidden="true">
                {index + 1}/{total}
              </span>
              <span className="visually-hidden">
                Section {index + 1} of {total}
              </span>
            </p>
          ) : null}
        </div>
        {total > 0 ? (
          <ProgressBar
            className="ai-reader__progress"
            fillClassName="ai-reader__progress-fill"
            label="Reading progress"
            value={index + 1}
            max={total}
            valueText={`Section ${index + 1} of ${total}`}
          />
        ) : null}
      </div>

      <article className="ai-reader__article" aria-labelledby={titleId}>
        <header className="ai-reader__heading">
          <p className="ai-reader__kicker">AI summary</p>
          <h1 id={titleId} className="ai-reader__title">
            {summary.title.trim() || 'Your summary'}
          </h1>
          <p className="ai-reader__meta">
            {sourceIsLink ? 'From a web page' : 'From a file'}: <span className="ai-reader__source">{summary.source}</span> ·{' '}
            <time dateTime={summary.createdAt}>{formatCreated(summary.createdAt)}</time>
          </p>
        </header>

        {current ? (
          <section ref={sectionRef} className="ai-reader__section" aria-labelledby={sectionTitleId}>
            <h2 id={sectionTitleId} ref={sectionTitleRef} className="ai-reader__section-title" tabIndex={-1}>
              {sectionLabel(current, index)}
            </h2>
            <div className="ai-reader__body" dangerouslySetInnerHTML={{ __html: current.html }} />
          </section>
        ) : (
          <p className="ai-reader__empty">This summary has no key ideas: the text may have been too short.</p>
        )}

        {total > 1 ? (
          <nav className="ai-reader__pager" aria-label="Sections">
            <button type="button" className="btn btn--ghost btn--md" onClick={() => goTo(index - 1)} disabled={index === 0}>
              <span aria-hidden="true">‹</span> Previous
            </button>
            <span className="ai-reader__pager-position" aria-hidden="true">
              {index + 1}/{total}
            </span>
            <button type="button" className="btn btn--primary btn--md" onClick={() => goTo(index + 1)} disabled={index >= total - 1}>
              Next <span aria-hidden="true">›</span>
            </button>
          </nav>
        ) : null}
      </article>

      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
