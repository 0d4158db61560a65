import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/constants';
import './pricing.css';

/** Questions people ask before paying, with the answers the product keeps to. */
export function Faq() {
  const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="pricing__section-title">
        Questions and answers
      </h2>
      <details className="faq__item">
        <summary>How does the free trial work?</summary>
        <p>
          The monthly and yearly plans start with a 3-day free trial. You enter your card or PayPal details at checkout, but nothing is charged during the
          trial. If you cancel before the trial ends, you pay nothing. The lifetime plan has no trial: you pay once, when you buy it.
        </p>
      </details>
      <details className="faq__item">
        <summary>When will I be charged?</summary>
        <p>
          Monthly and yearly plans are charged when the 3-day trial ends, then at the start of every new month or year until you cancel. The lifetime plan is
          charged once, at checkout. Every payment comes with a receipt by e-mail.
        </p>
      </details>
      <details className="faq__item">
        <summary>Can I cancel at any time?</summary>
        <p>
          Yes. Go to <Link to="/account">Account</Link> and choose “Cancel subscription”. Auto-renewal stops at once and you keep Premium until the end of the
          period you paid for (or the end of your trial). If you subscribed through the App Store or Google Play, write to {support} and we will cancel it for
          you.
        </p>
      </details>
      <details className="faq__item">
        <summary>Can I get a refund?</summary>
        <p>Write to our support team at {support} with the e-mail address you paid with, and we will sort it out with you.</p>
      </details>
      <details className="faq__item">
        <summary>How can I pay?</summary>
        <p>
          By card (Visa, Mastercard, American Express and most debit cards) or with PayPal. Card payments are handled by Stripe and PayPal payments by PayPal:
          we never see or store your card number. Prices are in US dollars.
        </p>
      </details>
      <details className="faq__item">
        <summary>Do I need an account before I pay?</summary>
        <p>
          No. You can pay first and then sign up or log in: the purchase is added to your account. If you already have an account, log in first and Premium is
          yours the moment you pay.
        </p>
      </details>
    </section>
  );
}
