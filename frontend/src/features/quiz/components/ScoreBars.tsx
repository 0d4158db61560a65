import { useId } from 'react';
import { percent } from '../scoring';
import type { ReportType } from '../api/types';

/**
 * Every type as a horizontal bar: plain HTML, the percentage as text beside the bar (the bar
 * itself is decoration), so the chart reads as a list.
 */
export function ScoreBars({ types, label }: { types: ReportType[]; label: string }) {
  const id = useId();
  return (
    <figure className="quiz-chart">
      <figcaption id={`${id}-caption`} className="quiz-chart__caption">
        {label}
      </figcaption>
      <ul className="quiz-bars" aria-labelledby={`${id}-caption`}>
        {types.map((type) => {
          const value = percent(type.score);
          return (
            <li key={type.name} className="quiz-bars__row" data-testid="quiz-bar">
              <span className="quiz-bars__name">{type.name}</span>
              <span className="quiz-bars__track" aria-hidden="true">
                <span className="quiz-bars__fill" style={{ width: value }} />
              </span>
              <span className="quiz-bars__value">{value}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
