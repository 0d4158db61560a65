interface ProgressBarProps {
  /** The accessible name ("Reading progress"). */
  label: string;
  value: number;
  max: number;
  /** What a screen reader says ("Section 2 of 7"). */
  valueText: string;
  /** The bar's look belongs to each screen: its track and fill classes. */
  className: string;
  fillClassName: string;
}

/** A determinate progress bar (role="progressbar" with its value), filled in proportion. */
export function ProgressBar({ label, value, max, valueText, className, fillClassName }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div className={className} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={valueText}>
      <span className={fillClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
