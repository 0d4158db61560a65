import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { COMMISSION, INVITE_PAGE } from '../constants';
import '../affiliate.css';

const BENEFITS: { title: string; text: string }[] = [
  {
    title: `${COMMISSION} commission`,
    text: 'On every Premium purchase made through your link: monthly, yearly and lifetime plans, gifts and team seats.',
  },
  { title: 'Your own dashboard', text: 'See how many people you referred, what you earned, what we paid out and your balance.' },
  { title: 'Monthly payouts', text: 'We pay your balance every month to the e-mail address you give us.' },
  { title: 'Marketing help', text: 'Need copy, book picks or ideas for your audience? Ask us and we will help you promote Gistbook.' },
];

const STEPS: { title: string; text: string }[] = [
  { title: 'Apply', text: 'Tell us about your website or audience. It takes a minute with a free Gistbook account.' },
  { title: 'Get your link', text: 'Once we approve your application, your affiliate link is waiting on your dashboard.' },
  { title: 'Share it', text: 'Recommend Gistbook on your site, in your newsletter, on your channel or to your followers.' },
  { title: 'Earn', text: `${COMMISSION} of every Premium purchase through your link is yours, paid out monthly.` },
];

/**
 * /affiliate and /refer (issue 15 §1): what the affiliate programme offers and how it works, and
 * the way to apply (/invite). For everyone; nothing is fetched.
 */
export default function AffiliateLandingRoute() {
  useDocumentTitle('Affiliate Program');
  return (
    <div className="page affiliate">
      <header className="page__header affiliate-hero">
        <p className="affiliate-hero__eyebrow">Gistbook Affiliate Program</p>
        <h1 className="page__title">Earn {COMMISSION} with the Gistbook Affiliate Program</h1>
        <p className="page__lead affiliate-hero__lead">
          Recommend the big ideas of great books to your readers, viewers or followers, and earn {COMMISSION} of every Premium purchase made through your link.
        </p>
        <Link className="btn btn--primary btn--lg" to={INVITE_PAGE}>
          Get Started
        </Link>
      </header>

      <section className="affiliate-section" aria-labelledby="affiliate-benefits">
        <h2 id="affiliate-benefits" className="affiliate-section__title">
          What you get
        </h2>
        <ul className="affiliate-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="card affiliate-benefit">
              <h3 className="affiliate-benefit__title">{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="affiliate-section" aria-labelledby="affiliate-steps">
        <h2 id="affiliate-steps" className="affiliate-section__title">
          How it works
        </h2>
        <ol className="affiliate-steps">
          {STEPS.map((step) => (
            <li key={step.title} className="affiliate-step">
              <h3 className="affiliate-step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <aside className="card affiliate-cta" aria-labelledby="affiliate-cta">
        <h2 id="affiliate-cta" className="card__title">
          Ready to join?
        </h2>
        <p>
          Applying is free. Questions first? <Link to="/contact">Write to us</Link>.
        </p>
        <Link className="btn btn--ghost btn--md" to={INVITE_PAGE}>
          Apply now
        </Link>
      </aside>
    </div>
  );
}
