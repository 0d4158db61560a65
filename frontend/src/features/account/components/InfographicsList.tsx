import { formatDate } from '@/lib/plan';
import { useInfographicPurchases } from '../api/get-infographics';

/** The infographic packs the member bought, each with its download (shown only when there are some). */
export function InfographicsList() {
  const purchases = useInfographicPurchases().data?.purchases ?? [];
  if (purchases.length === 0) return null;
  return (
    <section className="card" aria-labelledby="infographics-title">
      <h2 id="infographics-title" className="card__title">
        Your infographics
      </h2>
      <ul className="grants">
        {purchases.map((purchase) => (
          <li key={purchase.chargeId}>
            <a href={purchase.url} download>
              Download {purchase.count} infographics (ZIP)
            </a>{' '}
            <span className="muted">bought on {formatDate(purchase.boughtAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
