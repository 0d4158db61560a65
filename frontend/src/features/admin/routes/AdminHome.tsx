import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';

const SCREENS = [
  { to: '/admin/users', title: 'Members', text: 'Find members by e-mail or name, edit their details and plan.' },
  { to: '/admin/books-list', title: 'Books', text: 'Add and edit books, upload covers, audio and video, pick the month’s preview.' },
  { to: '/admin/podcasts', title: 'Podcasts', text: 'Add and edit podcasts, upload their covers and audio.' },
  { to: '/admin/goals', title: 'Goals', text: 'The goals books serve (the /books goal filter, the ten-day challenge), with their photos.' },
  { to: '/admin/blog-list', title: 'Blog', text: 'Write, schedule and edit posts, keep drafts, upload their photos.' },
  { to: '/admin/insights', title: 'Insights', text: 'Quotes from books, shown on the book’s page and members’ home pages.' },
  { to: '/admin/collections', title: 'Collections', text: 'Hand-picked sets of books by theme.' },
  { to: '/admin/visuals', title: 'Visuals', text: 'The slides of books’ visual summaries, their pictures and order.' },
  { to: '/admin/messages', title: 'Messages', text: 'What visitors and members sent through the contact, suggest-a-book and feedback forms.' },
  { to: '/admin/affiliates', title: 'Affiliates', text: 'Approve or reject affiliate applications, see what each affiliate brought, record payouts.' },
  { to: '/admin/coupons', title: 'Coupons', text: 'Add, change and end discount coupons, pick the site’s offer, see who used each one.' },
  { to: '/admin/plans', title: 'Plans', text: 'Change a plan’s name, price and free trial, or stop selling it.' },
  { to: '/admin/stats', title: 'Stats', text: 'Sign-ups, active members, paying members, MRR, churn and top books.' },
  { to: '/admin/audit', title: 'Audit log', text: 'Every change made in the back office, who made it and why.' },
];

/** /admin: what the back office has. */
export default function AdminHome() {
  useDocumentTitle('Back office');
  return (
    <>
      <header className="page__header">
        <h1 className="page__title">Back office</h1>
        <p className="page__lead">Run the catalogue and look after members.</p>
      </header>
      <ul className="admin-home" aria-label="Back office screens">
        {SCREENS.map((screen) => (
          <li key={screen.to} className="card admin-home__card">
            <h2 className="card__title">
              <Link to={screen.to}>{screen.title}</Link>
            </h2>
            <p>{screen.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
