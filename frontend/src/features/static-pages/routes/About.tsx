import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { StaticPage, type StaticSection } from '../components/StaticPage';

const SECTIONS: StaticSection[] = [
  {
    id: 'mission',
    title: 'Why Gistbook',
    content: (
      <>
        <p>
          Most of us have a list of books we mean to read and too little time to read them. Gistbook turns the best non-fiction books into short summaries you
          can finish in about 15 minutes, so that the big ideas of a book fit into a commute, a lunch break or the last quarter of an hour before you sleep.
        </p>
        <p>
          A summary is not a replacement for a great book. It is a way to learn what a book has to say, to remember it long after you read it, and to find the
          books worth reading in full.
        </p>
      </>
    ),
  },
  {
    id: 'what-you-get',
    title: 'What you get',
    content: (
      <>
        <ul className="static-page__features">
          <li>
            <strong>Text summaries</strong>
            The key ideas of each book, section by section, with the author’s arguments and examples.
          </li>
          <li>
            <strong>Audio</strong>
            Listen to a summary instead of reading it, at the speed you like, while you walk, drive or cook.
          </li>
          <li>
            <strong>Visual summaries</strong>A book’s key ideas as illustrated slides you can flip through in five minutes.
          </li>
          <li>
            <strong>Video</strong>
            Short videos of selected books, for when you would rather watch.
          </li>
          <li>
            <strong>Infographics and podcasts</strong>
            One-page infographics to keep, and podcast episodes about ideas worth knowing.
          </li>
          <li>
            <strong>Your progress</strong>A library of the books you save, a reading history that picks up where you left off, XP, streaks and awards.
          </li>
        </ul>
        <p>
          Read in the browser on any device, or in the Gistbook app for iPhone and Android with the same account. Premium members can also send a summary to
          their Kindle or download it as a PDF.
        </p>
      </>
    ),
  },
  {
    id: 'free-and-premium',
    title: 'Free and Premium',
    content: (
      <>
        <p>
          A free account lets you read three summaries of your choice in full, plus the book we choose as the month’s preview. Premium opens every summary in
          every format.
        </p>
        <ul>
          <li>
            <strong>Monthly or yearly:</strong> both start with a 3-day free trial and renew until you cancel, which you can do from your account at any time.
          </li>
          <li>
            <strong>Lifetime:</strong> pay once and keep Premium, with nothing to renew.
          </li>
          <li>
            <strong>Gifts:</strong> give someone a year of Premium with a <Link to="/giftcard">gift card</Link>.
          </li>
          <li>
            <strong>Teams:</strong> buy seats for your colleagues and hand them out with <Link to="/teams">Gistbook for Teams</Link>.
          </li>
        </ul>
        <p>
          See every plan and its price on the <Link to="/try">pricing page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-work',
    title: 'How we make summaries',
    content: (
      <>
        <p>
          We are a small team of readers, writers and engineers. We choose books that have something lasting to say: psychology, business, productivity, health,
          history, philosophy, science and more. Every summary is written to keep the author’s ideas and voice, not ours, and it is read again before it is
          published.
        </p>
        <p>
          Readers shape what comes next. If a book you love is missing, <Link to="/suggest">suggest it</Link> and we will consider it for our next summaries.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Get in touch',
    content: (
      <p>
        Questions, ideas or problems: use the <Link to="/contact">contact form</Link> or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Tell
        us what you think of Gistbook on the <Link to="/feedback-form">feedback page</Link>.
      </p>
    ),
  },
];

/** /about: what Gistbook is, what members get and who makes it, with the way to the books and to Premium. */
export default function AboutRoute() {
  return (
    <StaticPage
      title="About Gistbook"
      lead="The big ideas of the best non-fiction books, in about 15 minutes each: to read, to listen to, to see and to watch."
      sections={SECTIONS}
      footer={
        <aside className="static-page__cta" aria-labelledby="about-cta">
          <h2 id="about-cta">Start with a book</h2>
          <p>Browse the library for free, and try Premium for 3 days when you want every summary.</p>
          <Link className="btn btn--primary btn--md" to="/books">
            Browse the summaries
          </Link>
          <Link className="btn btn--ghost btn--md" to="/try">
            See Premium plans
          </Link>
        </aside>
      }
    />
  );
}
