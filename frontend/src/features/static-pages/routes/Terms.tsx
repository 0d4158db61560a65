import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { StaticPage, type StaticSection } from '../components/StaticPage';

/** When the terms last changed. */
export const TERMS_UPDATED = '2026-11-23';

const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const SECTIONS: StaticSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms apply when you use Gistbook: the website, the Gistbook apps and the e-mails we send. By creating an account, buying a plan or reading our
          summaries you agree to them. If you do not agree, please do not use Gistbook.
        </p>
        <p>
          How we handle your personal data is explained in our <Link to="/privacy">Privacy Policy</Link>, which is part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    content: (
      <ul>
        <li>You need to be at least 16 years old to create an account.</li>
        <li>Give us a real e-mail address: we send password resets, receipts and codes there.</li>
        <li>
          Keep your password to yourself and turn on two-factor sign-in if you can. You are responsible for what happens with your account until you tell us it
          was misused.
        </li>
        <li>
          An account is for one person. Teams buy one seat per person on <Link to="/teams">Gistbook for Teams</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, trials and payment',
    content: (
      <>
        <p>A free account gives you three summaries of your choice in full and the month’s preview. Premium opens every summary in every format.</p>
        <ul>
          <li>
            <strong>Monthly and yearly plans</strong> start with a 3-day free trial. Nothing is charged during the trial; if you do not cancel before it ends,
            the plan’s price is charged when it ends and again at the start of every new month or year until you cancel.
          </li>
          <li>
            <strong>The lifetime plan</strong> is charged once, at checkout, has no trial and does not renew.
          </li>
          <li>
            <strong>Gift cards and team seats</strong> are paid once and delivered as codes worth a year of Premium each. A code can be redeemed once; keep it
            safe until it is used.
          </li>
        </ul>
        <p>
          Prices are shown in US dollars before you pay and may include taxes where the law requires. Card payments are processed by Stripe and PayPal payments
          by PayPal, under their own terms. We may change our prices; a change never affects a period you have already paid for, and we tell subscribers by
          e-mail before a new price applies to their next renewal.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelling',
    content: (
      <>
        <p>
          You can cancel a monthly or yearly plan at any time on the <Link to="/cancel">cancellation page</Link> (from your <Link to="/account">account</Link>).
          Cancelling turns off auto-renewal straight away: you keep Premium until the end of the period you have paid for, or the end of your trial, and are not
          charged again.
        </p>
        <p>
          If you subscribed through the App Store or Google Play, the store handles the subscription: cancel it in the store’s settings, or write to {support}{' '}
          and we will help.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    content: (
      <>
        <p>
          If you were charged by mistake, for example after cancelling or twice for the same thing, or you are unhappy with a purchase, write to {support} from
          the e-mail address you paid with within 30 days of the charge. We look at every request and refund mistakes in full.
        </p>
        <p>
          A refund goes back to the card or PayPal account you paid with, and the Premium it paid for ends when it is made. Codes that have been redeemed cannot
          be refunded. Nothing in these terms limits the rights consumer law gives you.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>Please use Gistbook the way it is meant to be used. You may not:</p>
        <ul>
          <li>share your account or sell, publish or redistribute our summaries, audio, visuals, videos or PDFs;</li>
          <li>copy the library in bulk, by hand or with scrapers, bots or other automated tools;</li>
          <li>get around the limits of a free account, the paywall or any other security measure;</li>
          <li>send spam, abusive or unlawful messages through our forms, or pretend to be someone else;</li>
          <li>interfere with the service or with other people’s use of it.</li>
        </ul>
        <p>
          We may suspend or close an account that breaks these rules. Unless the breach is serious, we will tell you first and give you a chance to put it
          right.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Our content and your licence',
    content: (
      <>
        <p>
          Our summaries, narrations, visuals, videos, infographics and the Gistbook name and logo belong to Gistbook or to those who licensed them to us. Book
          titles and the ideas they contain belong to their authors and publishers; our summaries are our own work about those books.
        </p>
        <p>
          While you have an account, we give you a personal, non-exclusive, non-transferable licence to read, listen to and watch our content for your own,
          non-commercial use. PDFs and Kindle deliveries are for you alone. A short quotation with a link back to Gistbook is always welcome.
        </p>
        <p>
          What you send us (ratings, feedback, book suggestions) you allow us to use to improve Gistbook, without owing you anything for it. We never publish
          your name with it without asking.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    content: (
      <>
        <p>
          We work hard to keep Gistbook available and our summaries accurate, but a summary is a short account of a book, not professional advice: do not rely
          on it for medical, legal, financial or other decisions. We may change, add or retire summaries and features.
        </p>
        <p>
          As far as the law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to what you paid us in the
          twelve months before the claim. Nothing here limits liability that cannot be limited by law, such as for fraud or for death or injury caused by
          negligence.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Closing your account',
    content: (
      <p>
        You can delete your account at any time from your account page (<Link to="/account/delete">Delete Account</Link>). Deleting it cancels any renewal and
        ends Premium; the <Link to="/privacy#deletion">Privacy Policy</Link> explains what happens to your data.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as Gistbook changes. The date at the top of this page shows the latest version. If a change matters to you, for example to how
        trials, renewals or refunds work, we tell you by e-mail at least 30 days before it applies. If you do not accept it, you can cancel before then.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms: write to {support} or use our <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

/** /terms: the terms of service (subscriptions, trials, cancellation, refunds, use, licence, liability, changes, contact). */
export default function TermsRoute() {
  return (
    <StaticPage
      title="Terms of Service"
      lead="The rules for using Gistbook, written to be read: what you get, what you pay, how to cancel and what we expect of each other."
      updated={TERMS_UPDATED}
      sections={SECTIONS}
    />
  );
}
