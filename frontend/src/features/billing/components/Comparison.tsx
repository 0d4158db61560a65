import './pricing.css';

const ROWS: { feature: string; free: string | boolean; premium: string | boolean }[] = [
  { feature: 'Book summaries in text', free: '3 of your choice, plus the free titles', premium: 'Every summary' },
  { feature: 'Audio narration', free: 'On the summaries you unlocked', premium: 'Every summary' },
  { feature: 'Visual summaries', free: false, premium: true },
  { feature: 'Video summaries', free: false, premium: true },
  { feature: 'Infographics', free: false, premium: true },
  { feature: 'Send to Kindle and PDF download', free: false, premium: true },
  { feature: 'Progress, XP, streaks and your library', free: true, premium: true },
  { feature: 'New summaries every week', free: false, premium: true },
];

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <span aria-hidden="true" className="compare__yes">
        ✓
      </span>
      <span className="visually-hidden">Included</span>
    </>
  ) : (
    <>
      <span aria-hidden="true" className="compare__no">
        —
      </span>
      <span className="visually-hidden">Not included</span>
    </>
  );
}

/** Free versus Premium, as a table (readable by screen readers row by row). */
export function Comparison() {
  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title" className="pricing__section-title">
        Free or Premium?
      </h2>
      <div className="compare__scroll">
        <table className="compare__table">
          <caption className="visually-hidden">What the free plan and Premium include</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Free</th>
              <th scope="col">Premium</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>
                  <Cell value={row.free} />
                </td>
                <td>
                  <Cell value={row.premium} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
