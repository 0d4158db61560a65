import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { ProgressBar } from '@/components/ProgressBar';
import type { BookDetail } from '../api/types';
import { useArrowKeys } from '@/lib/keyboard';
import type { ReadingProgress } from '../hooks/use-reading-progress';
import { FONT_LEVEL_NAMES, FONT_LEVELS, type ReaderPreferences } from '../hooks/use-reader-preferences';
import { clampSection, initialSectionIndex } from '../sections';
import { readerView, sectionLabel, wantsRatingSection } from '../view';
import { AudioPlayer } from './AudioPlayer';
import { BookHeading } from './BookHeading';
import { BookInsights } from './BookInsights';
import { CompletionModal } from './CompletionModal';
import { LibraryToggle } from './LibraryToggle';
import { Paywall } from './Paywall';
import { RatingForm } from './RatingForm';
import { SaveOffline } from './SaveOffline';
import { ReaderIcon } from './ReaderIcon';
import { SectionHighlights } from './SectionHighlights';
import { Sidebar } from './Sidebar';
import { TakeAway } from './TakeAway';
import { UnlockOffer } from './UnlockOffer';
import './reader.css';

type Panel = 'contents' | 'options' | null;

const FONT_SIZES = ['1.0625rem', '1.25rem', '1.5rem'] as const;

interface ReaderProps {
  book: BookDetail;
  progress: ReadingProgress;
  /** Font level and dark mode (kept by the page, so they survive moving to another book). */
  preferences: ReaderPreferences;
  /** The signed-in member (the book answer's `user`), whose device copy "Save offline" makes. */
  memberId?: number | null;
}

/**
 * The summary reader: the book heading, the library toggle, the audio player, one section at a
 * time with Next, Previous and the arrow keys (members with the whole body), or the truncated body
 * and a paywall. Members who have not rated the book get the rating form as a last section;
 * reaching the last section opens the completion modal (see `useReadingProgress`).
 */
export function Reader({ book, progress, preferences, memberId = null }: ReaderProps) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // Decided when the book opens: after a rating the thank-you stays until the member leaves.
  const [withRating] = useState(() => wantsRatingSection(book, progress.signedIn));
  const { body, sections, notLoggedIn, limitReached, unlockOffer } = book;
  const view = useMemo(
    () => readerView({ body, sections, notLoggedIn, limitReached, unlockOffer }, { rating: withRating }),
    [body, sections, notLoggedIn, limitReached, unlockOffer, withRating],
  );
  const total = view.sections.length;
  const titleId = useId();
  const sectionTitleId = useId();

  const [index, setIndex] = useState(() => (view.full ? initialSectionIndex(book.position, total) : 0));
  const indexRef = useRef(index);
  const [announcement, setAnnouncement] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const { fontLevel, setFontLevel, cycleFontLevel, darkMode, setDarkMode, toggleDarkMode } = preferences;

  const contentsButton = useRef<HTMLButtonElement>(null);
  const optionsButton = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const sectionTitleRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const { onSectionChange, onFirstAudioPlay, completion, closeCompletion } = progress;
  const onFirstPlay = useCallback(() => onFirstAudioPlay(indexRef.current), [onFirstAudioPlay]);
  const goTo = useCallback(
    (target: number) => {
      if (!view.full) return;
      const next = clampSection(target, total);
      if (next === indexRef.current) return;
      indexRef.current = next;
      moved.current = true;
      setIndex(next);
      setAnnouncement(`Section ${next + 1} of ${total}: ${sectionLabel(view.sections[next], next)}`);
      onSectionChange(next, total);
    },
    [view, total, onSectionChange],
  );

  // Left and right arrows move between sections, unless a sidebar or the completion modal is open
  // or the user is typing.
  const modalOpen = completion !== null;
  useArrowKeys((step) => goTo(indexRef.current + step), view.full && !panel && !modalOpen);

  // After a move, bring the new section's start into view if the reader had scrolled past it.
  useEffect(() => {
    if (!moved.current) return;
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView?.({ block: 'start' });
  }, [index]);

  const closePanel = useCallback(() => setPanel(null), []);
  const togglePanel = (which: Exclude<Panel, null>) => setPanel((open) => (open === which ? null : which));

  const current = view.sections[index];
  const shown = view.full ? (current ? [current] : []) : view.sections;
  const style = { '--reader-font-size': FONT_SIZES[fontLevel - 1] } as CSSProperties;
  const videoPath = `/video/${encodeURIComponent(book.subid)}`;
  const visualsPath = `/visuals/${encodeURIComponent(book.subid)}`;

  return (
    <div className={`reader reader--font-${fontLevel}${darkMode ? ' reader--dark' : ''}`} style={style} data-font-level={fontLevel}>
      <div className="reader-bar">
        <div className="reader-bar__inner">
          <div className="reader-bar__menu" role="group" aria-label="Reader menu">
            <PanelButton which="contents" label="Contents" open={panel === 'contents'} buttonRef={contentsButton} onToggle={togglePanel} />
            <button type="button" className="reader-bar__button" aria-label={`Font size, level ${fontLevel} of ${FONT_LEVELS}`} onClick={cycleFontLevel}>
              <span className="reader-bar__aa" aria-hidden="true">
                Aa
              </span>
              {/* A meter of three steps, not "2/3": beside the section count it read as a page count. */}
              <span className="reader-bar__level" aria-hidden="true">
                {Array.from({ length: FONT_LEVELS }, (_, i) => (
                  <span key={i} className={`reader-bar__step${i < fontLevel ? ' reader-bar__step--on' : ''}`} />
                ))}
              </span>
            </button>
            <PanelButton which="options" label="Options" open={panel === 'options'} buttonRef={optionsButton} onToggle={togglePanel} />
            <button type="button" className="reader-bar__button" aria-label="Dark mode" aria-pressed={darkMode} onClick={toggleDarkMode}>
              <ReaderIcon name={darkMode ? 'sun' : 'moon'} />
            </button>
          </div>
          <p className="reader-bar__title">
            <span className="reader-bar__book">{book.title}</span>
            {view.full && total > 0 ? (
              <span className="reader-bar__position">
                {index + 1}/{total}
              </span>
            ) : null}
          </p>
        </div>
        {view.full && total > 0 ? (
          <ProgressBar
            className="reader-progress"
            fillClassName="reader-progress__fill"
            label="Reading progress"
            value={index + 1}
            max={total}
            valueText={`Section ${index + 1} of ${total}`}
          />
        ) : null}
      </div>

      <article className="reader__article" aria-labelledby={titleId}>
        <BookHeading book={book} titleId={titleId} />

        <LibraryToggle book={book} signedIn={progress.signedIn} />

        {/* Only a book the member reads in full can be kept offline. */}
        {progress.signedIn && view.full && memberId !== null ? <SaveOffline book={book} memberId={memberId} /> : null}

        <TakeAway book={book} />

        {book.mediaUrl || book.hasVideo ? (
          <div className="reader__media">
            {book.mediaUrl ? <AudioPlayer src={book.mediaUrl} title={book.title} onFirstPlay={onFirstPlay} knownSeconds={book.audioSeconds} /> : null}
            {book.hasVideo ? (
              <Link className="reader__video-link" to={videoPath}>
                <ReaderIcon name="video" />
                Watch the video
              </Link>
            ) : null}
          </div>
        ) : null}

        {shown.length === 0 && book.description ? <p className="reader__description">{book.description}</p> : null}

        {shown.map((section, i) => {
          const number = view.full ? index : i;
          const headingId = `${sectionTitleId}-${number}`;
          return (
            <section key={number} ref={i === 0 ? sectionRef : undefined} className="reader__section" aria-labelledby={headingId}>
              <h2 id={headingId} ref={i === 0 ? sectionTitleRef : undefined} className="reader__section-title" tabIndex={-1}>
                {sectionLabel(section, number)}
              </h2>
              {section.kind === 'rating' ? (
                <RatingForm book={book} />
              ) : (
                <div className="reader__body" ref={view.full ? bodyRef : undefined} dangerouslySetInnerHTML={{ __html: section.html }} />
              )}
              {/* Signed-in members highlight the section they read (one at a time). */}
              {view.full && progress.signedIn && section.kind !== 'rating' ? (
                <SectionHighlights container={bodyRef} bookId={String(book.id)} section={number} html={section.html} />
              ) : null}
            </section>
          );
        })}

        {view.paywall === 'unlock' ? (
          <UnlockOffer book={book} />
        ) : view.paywall ? (
          <Paywall kind={view.paywall} returnTo={returnTo} inviteBonusAvailable={book.inviteBonusAvailable} />
        ) : null}

        {view.full && total > 0 ? (
          <nav className="reader__pager" aria-label="Sections">
            <button type="button" className="btn btn--ghost btn--md" onClick={() => goTo(index - 1)} disabled={index === 0}>
              <ReaderIcon name="prev" />
              Previous
            </button>
            <span className="reader__pager-position" aria-hidden="true">
              {index + 1}/{total}
            </span>
            <button type="button" className="btn btn--primary btn--md" onClick={() => goTo(index + 1)} disabled={index >= total - 1}>
              Next
              <ReaderIcon name="next" />
            </button>
          </nav>
        ) : null}

        <BookInsights bookId={book.id} title={book.title} />
      </article>

      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      <Sidebar id="reader-contents" title="Contents" open={panel === 'contents'} onClose={closePanel} returnFocusTo={contentsButton}>
        {total > 0 ? (
          <nav aria-label="Table of contents">
            <ol className="reader-toc">
              {view.sections.map((section, i) => {
                const active = view.full ? i === index : i === 0;
                return (
                  <li key={i}>
                    <button
                      type="button"
                      className="reader-toc__item"
                      aria-current={active ? 'true' : undefined}
                      data-autofocus={active ? '' : undefined}
                      disabled={!view.full && i > 0}
                      onClick={() => {
                        goTo(i);
                        closePanel();
                      }}
                    >
                      <span className="reader-toc__number" aria-hidden="true">
                        {i + 1}
                      </span>
                      <span>{sectionLabel(section, i)}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
            {view.paywall ? <p className="reader-toc__more">The other key ideas unlock with the full summary.</p> : null}
          </nav>
        ) : (
          <p>No contents yet.</p>
        )}
      </Sidebar>

      <Sidebar id="reader-options" title="Options" side="right" open={panel === 'options'} onClose={closePanel} returnFocusTo={optionsButton}>
        <fieldset className="reader-options__group">
          <legend className="reader-options__legend">Font size</legend>
          <div className="reader-options__choices">
            {FONT_LEVEL_NAMES.map((name, i) => (
              <label key={name} className="reader-options__choice">
                <input
                  type="radio"
                  name="reader-font-size"
                  value={i + 1}
                  checked={fontLevel === i + 1}
                  onChange={() => setFontLevel(i + 1)}
                  data-autofocus={fontLevel === i + 1 ? '' : undefined}
                />
                <span style={{ fontSize: FONT_SIZES[i] }}>{name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="reader-options__switch">
          <input type="checkbox" role="switch" checked={darkMode} onChange={(event) => setDarkMode(event.target.checked)} />
          <span>Dark mode</span>
        </label>
        {book.hasVideo || book.hasVisuals ? (
          <ul className="reader-options__links">
            {book.hasVideo ? (
              <li>
                <Link to={videoPath}>Watch the video</Link>
              </li>
            ) : null}
            {book.hasVisuals ? (
              <li>
                <Link to={visualsPath}>See the visual summary</Link>
              </li>
            ) : null}
          </ul>
        ) : null}
      </Sidebar>

      {/* After the sidebars: when the contents lead to the last section, the contents sidebar gives
          focus back to its button first, then the modal takes it (and returns it there on close). */}
      {completion ? (
        <CompletionModal title={completion.title} xpGained={completion.xpGained} onClose={closeCompletion} fallbackFocus={() => sectionTitleRef.current} />
      ) : null}
    </div>
  );
}

interface PanelButtonProps {
  which: Exclude<Panel, null>;
  label: string;
  open: boolean;
  /** Where the sidebar returns focus when it closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: (which: Exclude<Panel, null>) => void;
}

/** A reader-bar button that opens and closes one of the two sidebars (`reader-<which>`). */
function PanelButton({ which, label, open, buttonRef, onToggle }: PanelButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="reader-bar__button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={`reader-${which}`}
      onClick={() => onToggle(which)}
    >
      <ReaderIcon name={which} />
      <span className="reader-bar__label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}
