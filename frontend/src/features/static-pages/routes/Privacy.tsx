import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { StaticPage, type StaticSection } from '../components/StaticPage';

/** When the policy last changed. */
export const PRIVACY_UPDATED = '2026-11-23';

const support = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** What the browser keeps for Gistbook: [name, where, what for, how long]. */
const STORAGE: [string, string, string, string][] = [
  [
    'Refresh-token cookie',
    'Cookie (HttpOnly, only sent to our sign-in calls)',
    'Keeps you signed in without typing your password again',
    '30 days after your last visit, 90 days at most; removed when you log out',
  ],
  [
    'isPaid',
    'Cookie',
    'Lets the page show Premium features before it has asked the server (the server always checks for itself)',
    'Until it expires or you log out',
  ],
  [
    'token, tokenDate',
    'Local storage',
    'Your current access token and when it was issued',
    'The token is valid for one hour and renewed while you use Gistbook; removed when you log out',
  ],
  ['rId', 'Local storage', 'The referral link you arrived through, so the member who invited you is credited', 'Until you clear your browser’s storage'],
  [
    'chargeId, redirect, 40off',
    'Session storage',
    'A purchase made before signing in, where to go back to after signing in, and whether you closed the offer banner',
    'Until you close the tab',
  ],
];

const SECTIONS: StaticSection[] = [
  {
    id: 'summary',
    title: 'In short',
    content: (
      <ul>
        <li>We keep what we need to run your account, remember your reading and take payments, and nothing more.</li>
        <li>Card and PayPal payments are handled by Stripe and PayPal: we never see or store your full card number.</li>
        <li>We do not sell your data and we do not use advertising trackers.</li>
        <li>
          You can delete your account yourself at any time on <Link to="/account/delete">/account/delete</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'data',
    title: 'What we keep and why',
    content: (
      <>
        <h3>Your account</h3>
        <p>
          Your e-mail address, first and last name, your time zone (so that reading streaks follow your days) and the categories you told us you like (to
          recommend books). Your password is stored only as a salted hash (argon2id): nobody at Gistbook can read it. If you sign in with Google or Apple, we
          receive your name and e-mail address from them, never your password there. If you turn on two-factor sign-in, we keep its secret and the hashed
          recovery codes. If you set up Kindle delivery, we keep your Kindle address.
        </p>
        <h3>Your reading</h3>
        <p>
          The summaries you open, where you stopped, which ones you completed, your library, your ratings and comments, your XP, streaks and awards, and the
          free summaries you have unlocked. We use them to pick up where you left off, show your progress and recommend books.
        </p>
        <h3>Payments</h3>
        <p>
          Card payments are processed by Stripe and PayPal payments by PayPal. Your card details go straight from the payment form to them: we never see or
          store your full card number. We keep a record of each purchase (the plan, the amount, the dates, the provider’s reference and the subscription’s
          state), which we need to give you Premium, handle cancellations and refunds, and keep our accounts. Gift and team purchases also keep the names,
          e-mail addresses and message you enter for the recipients.
        </p>
        <h3>Messages and e-mail</h3>
        <p>
          When you use the contact, suggest-a-book or feedback forms, we keep your name, e-mail address and message so that we can read and answer it. E-mails
          we send you (password resets, receipts, gift and seat codes, Kindle deliveries, answers to your messages) wait in an outbox until they are delivered;
          the text of a mail is erased once it has been sent.
        </p>
        <h3>Security and abuse prevention</h3>
        <p>
          Your IP address is used to limit repeated attempts (sign-ups, logins, password resets, messages) and appears in our server logs, which we use to keep
          the service running and secure.
        </p>
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics',
    content: (
      <p>
        We count a few events ourselves, on our own servers, to learn what works: for example that someone pressed “Start for free” or chose categories to
        follow. We do not use third-party analytics or advertising trackers, and we do not build advertising profiles.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    content: (
      <>
        <p>Gistbook uses no advertising or tracking cookies. This is everything we keep in your browser, all of it needed for the site to work:</p>
        <div className="static-page__table-wrap" role="region" aria-label="Cookies and browser storage" tabIndex={0}>
          <table className="static-page__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Where</th>
                <th scope="col">What for</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {STORAGE.map(([name, where, why, how]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>{where}</td>
                  <td>{why}</td>
                  <td>{how}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          On the checkout page, the payment form is loaded from Stripe or PayPal, who may set their own cookies to prevent fraud under their privacy policies.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else sees your data',
    content: (
      <>
        <p>We share personal data only with the services that help us run Gistbook, and only what each of them needs:</p>
        <ul>
          <li>Stripe and PayPal, to take payments and handle refunds;</li>
          <li>our e-mail delivery provider, to send you e-mail (and Amazon, when you ask us to send a summary to your Kindle);</li>
          <li>our hosting and file storage providers, who keep our servers and files;</li>
          <li>Google or Apple, only if you choose to sign in with them.</li>
        </ul>
        <p>We never sell your data. We disclose it to others only when the law requires us to, and we push back on requests that go beyond what it requires.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>Your account and reading data: for as long as you have an account.</li>
        <li>Sessions: 30 days after your last visit, 90 days at most; password reset codes: one hour.</li>
        <li>E-mails: the text is erased once sent; the record that a mail was sent is deleted after 30 days.</li>
        <li>Messages you send us: as long as we need them to answer you and improve Gistbook; ask us and we delete them.</li>
        <li>Payment records: as long as tax and accounting law requires, anonymised once your account is deleted.</li>
      </ul>
    ),
  },
  {
    id: 'deletion',
    title: 'Deleting your account',
    content: (
      <>
        <p>
          You can delete your account yourself: sign in and go to <Link to="/account/delete">/account/delete</Link> (Account, then Delete Account). Deleting it
          cancels any renewal, signs you out everywhere and erases your personal data: your name, e-mail address, Kindle address, reading history, library and
          preferences, and the e-mails waiting for you.
        </p>
        <p>
          We keep the payment records the law requires, with nothing left that links them to you. The reasons you give for leaving are stored without your name
          or e-mail. Deleting cannot be undone; to use Gistbook again, create a new account.
        </p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>
          You can see and correct your details on your <Link to="/account">account page</Link>. You can also ask us for a copy of the data we keep about you,
          ask us to correct or delete it, or object to how we use it, by writing to {support}. We answer within 30 days. If you are not happy with our answer,
          you can complain to the data protection authority where you live.
        </p>
        <p>Gistbook is not meant for children under 16, and we do not knowingly keep data about them.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy, we update the date at the top of this page. If a change affects how we use data you have already given us, we tell you by
        e-mail before it applies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about your privacy or this policy: write to {support} or use our <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

/** /privacy: what data Gistbook keeps and why, for how long, cookies, payments, deletion and whom to ask. */
export default function PrivacyRoute() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead="What we keep about you, why we keep it, who else sees it, and how to have it deleted."
      updated={PRIVACY_UPDATED}
      sections={SECTIONS}
    />
  );
}
