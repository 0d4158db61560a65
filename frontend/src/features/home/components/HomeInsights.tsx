import { Link } from 'react-router';
import { useInsights } from '@/lib/catalogue/insights-api';

/** How many insights /home shows. */
export const HOME_INSIGHTS_LIMIT = 5;

/** A few of the newest insights (quotes from books), each with its book; nothing when there are none or they cannot be had. */
export function HomeInsights() {
  const insights = useInsights({ limit: HOME_INSIGHTS_LIMIT });
  if (!insights.data || insights.data.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-insights">
      <div className="home-section__head">
        <h2 id="home-insights" className="home-section__title">
          Insights
        </h2>
      </div>
      <ul className="home-insights">
        {insights.data.map((insight) => (
          <li key={insight.id}>
            <figure className="home-insight">
              <blockquote className="home-insight__quote">
                <p>{insight.insight}</p>
              </blockquote>
              <figcaption className="home-insight__book">
                <Link to={`/books/${encodeURIComponent(insight.book.subid)}`}>
                  {insight.book.title} by {insight.book.author}
                </Link>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
