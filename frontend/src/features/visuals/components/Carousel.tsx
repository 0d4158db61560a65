import { useCallback, useEffect, useRef, useState } from 'react';
import { ProgressBar } from '@/components/ProgressBar';
import type { VisualSlide } from '../api/types';
import { useArrowKeys } from '@/lib/keyboard';

/** Spec §9: the fade between slides; moves are blocked while it runs (also with reduced motion). */
export const SLIDE_TRANSITION_MS = 300;

/**
 * The key-idea carousel: image, title and body; 'n of N', a progress bar, Previous and Next
 * (disabled at the ends), dots to jump, and the left and right arrow keys. Each move starts a
 * 300 ms fade during which further moves are ignored.
 */
export function Carousel({ slides, bookTitle }: { slides: VisualSlide[]; bookTitle: string }) {
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const busy = useRef(false);
  const indexRef = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const goTo = useCallback(
    (target: number) => {
      if (busy.current || target < 0 || target >= total || target === indexRef.current) return;
      busy.current = true;
      indexRef.current = target;
      setIndex(target);
      setFading(true);
      setAnnouncement(`Slide ${target + 1} of ${total}: ${slides[target]?.title ?? ''}`);
      timer.current = setTimeout(() => {
        busy.current = false;
        timer.current = null;
        setFading(false);
      }, SLIDE_TRANSITION_MS);
    },
    [slides, total],
  );

  useArrowKeys((step) => goTo(indexRef.current + step));

  const slide = slides[index];
  if (!slide) return null;

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={`Key ideas of ${bookTitle}`}>
      <div className="carousel__top">
        <p className="carousel__counter">
          {index + 1} of {total}
        </p>
        <ProgressBar
          className="carousel__progress"
          fillClassName="carousel__progress-fill"
          label="Slides viewed"
          value={index + 1}
          max={total}
          valueText={`Slide ${index + 1} of ${total}`}
        />
      </div>

      <div
        key={slide.id}
        className={`carousel__slide${fading ? ' carousel__slide--fading' : ''}`}
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${total}`}
        data-testid="visual-slide"
      >
        <img className="carousel__image" src={slide.image} alt={slide.title} width={720} height={480} />
        <h2 className="carousel__title">{slide.title}</h2>
        <p className="carousel__body">{slide.body}</p>
      </div>

      <div className="carousel__controls">
        <button type="button" className="btn btn--ghost btn--md" onClick={() => goTo(index - 1)} disabled={index === 0}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <ol className="carousel__dots">
          {slides.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                className="carousel__dot"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn--primary btn--md" onClick={() => goTo(index + 1)} disabled={index >= total - 1}>
          Next <span aria-hidden="true">›</span>
        </button>
      </div>

      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}
