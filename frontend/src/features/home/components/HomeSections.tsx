import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookGrid } from '@/components/BookCard';
import { CategoryPill } from '@/components/CategoryPill';
import type { CategoryView } from '@/lib/api/types';
import type { HomeBooksResult } from '../api/types';

function Section({ id, title, link, children }: { id: string; title: string; link?: { to: string; nameSuffix: string }; children: ReactNode }) {
  const headingId = `home-${id}`;
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="home-section__head">
        <h2 id={headingId} className="home-section__title">
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className="home-section__more" aria-label={`See all ${link.nameSuffix}`}>
            See all
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The four home sections; "Pick up where you left off" only with a reading history. */
export function HomeSections({ data }: { data: HomeBooksResult }) {
  const { history, recommended, newReleases } = data.recommendations;
  return (
    <>
      {history.length > 0 ? (
        <Section id="history" title="Pick up where you left off">
          <BookGrid books={history} label="Pick up where you left off" />
        </Section>
      ) : null}
      <Section id="recommended" title="Books Recommended For You" link={{ to: '/books/?sort=newest', nameSuffix: 'recommended books' }}>
        {recommended.length > 0 ? (
          <BookGrid books={recommended} label="Books Recommended For You" />
        ) : (
          <p className="home-section__empty">
            No recommendations yet. <Link to="/choose-categories/edit">Choose more categories</Link> to get some.
          </p>
        )}
      </Section>
      <Section id="new" title="New Releases" link={{ to: '/books/?sort=newest', nameSuffix: 'new releases' }}>
        {newReleases.length > 0 ? <BookGrid books={newReleases} label="New Releases" /> : <p className="home-section__empty">No new releases right now.</p>}
      </Section>
      {data.categories.length > 0 ? (
        <Section id="categories" title="Explore Categories">
          <CategoryLinks categories={data.categories} />
        </Section>
      ) : null}
    </>
  );
}

function CategoryLinks({ categories }: { categories: CategoryView[] }) {
  return (
    <ul className="home-categories">
      {categories.map((category) => (
        <li key={category.id}>
          <CategoryPill to={`/books/?category=${encodeURIComponent(category.subid)}`} name={category.name} image={category.small_image} imageSize={40} />
        </li>
      ))}
    </ul>
  );
}
