import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';
import { useDocumentTitle } from '@/components/use-document-title';
import { StartForFreeButton } from '@/features/analytics';
import './landing.css';

const FORMATS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'book', title: 'Read', text: 'Crisp text summaries of the key ideas, split into short chapters you can finish on a coffee break.' },
  { icon: 'headphones', title: 'Listen', text: 'Every summary as audio, with adjustable speed, for your commute, workout or walk.' },
  { icon: 'image', title: 'See', text: 'Illustrated visual summaries and infographics that make ideas stick.' },
  { icon: 'play', title: 'Watch', text: 'Short videos that bring the biggest ideas to life in minutes.' },
];

const COVERS = [
  { title: 'Deep Focus', author: 'On attention', tone: 'teal' },
  { title: 'Small Habits, Big Change', author: 'On behaviour', tone: 'gold' },
  { title: 'The Money Mind', author: 'On finance', tone: 'coral' },
  { title: 'Thinking in Systems', author: 'On science', tone: 'navy' },
];

const STEPS = [
  { title: 'Pick your interests', text: 'Tell us what you care about: productivity, psychology, business, health, history and more.' },
  { title: 'Read or listen in 15 minutes', text: 'Get the core ideas of a book without the filler, in the format that suits your moment.' },
  { title: 'Build a learning streak', text: 'Earn XP, keep your streak alive and track the skills you have gained.' },
];

const FAQ = [
  {
    q: 'Is it really free to start?',
    a: 'Yes. Create a free account and read 3 summaries on us, plus one more when you invite a friend. No credit card needed.',
  },
  {
    q: 'What does Premium add?',
    a: 'Unlimited summaries in every format, including audio, visuals and video. Monthly and yearly plans start with a 3-day free trial.',
  },
  { q: 'Can I cancel anytime?', a: 'Of course. Turn off auto-renewal from your account and keep access until the end of the period you paid for.' },
];

export default function LandingRoute() {
  useDocumentTitle('');
  return (
    <div className="landing">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Non-fiction, distilled</p>
            <h1 className="hero__title">
              The big ideas of great books, in <span className="highlight">15 minutes</span>.
            </h1>
            <p className="hero__lead">
              Gistbook turns the best non-fiction into short summaries you can read, listen to, see and watch. Learn something new every day, even on your
              busiest ones.
            </p>
            <div className="hero__actions">
              <StartForFreeButton location="hero" size="lg">
                Start for free
              </StartForFreeButton>
              <Link className="btn btn--ghost btn--lg" to="/try">
                See plans
              </Link>
            </div>
            <p className="hero__note">3 free summaries · No credit card needed</p>
            <p className="hero__note">
              Not sure where to begin? <Link to="/get-started">Get a reading plan made for you</Link>
            </p>
          </div>
          <div className="hero__art" aria-hidden="true">
            {COVERS.map((cover, index) => (
              <div key={cover.title} className={`cover cover--${cover.tone} cover--${index}`}>
                <span className="cover__title">{cover.title}</span>
                <span className="cover__author">{cover.author}</span>
                <span className="cover__time">15 min</span>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="formats-title">
        <div className="container">
          <h2 id="formats-title" className="section__title">
            One book, four ways to learn it
          </h2>
          <ul className="formats">
            {FORMATS.map((format) => (
              <li key={format.title} className="format-card">
                <span className="format-card__icon">
                  <Icon name={format.icon} />
                </span>
                <h3>{format.title}</h3>
                <p>{format.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section__title">
            How Gistbook works
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="faq-title">
        <div className="container container--narrow">
          <h2 id="faq-title" className="section__title">
            Questions, answered
          </h2>
          <div className="faq">
            {FAQ.map((item) => (
              <details key={item.q} className="faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container cta__inner">
          <h2 id="cta-title">Your next big idea is 15 minutes away.</h2>
          <StartForFreeButton location="footer_cta" size="lg" variant="secondary">
            Start for free
          </StartForFreeButton>
        </div>
      </section>
    </div>
  );
}
