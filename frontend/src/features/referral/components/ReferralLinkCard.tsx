import { useId } from 'react';
import { CopyLinkField } from '@/components/CopyLinkField';
import { shareLinks } from '../share';

export { COPY_BY_HAND, LINK_COPIED } from '@/components/CopyLinkField';

/**
 * The member's referral link: read-only, with 'Copy link' (the clipboard, or else the text selected
 * for copying by hand; either is said in a polite live region) and links sharing it to Twitter,
 * Facebook and e-mail.
 */
export function ReferralLinkCard({ link }: { link: string }) {
  const id = useId();
  return (
    <section className="card refer-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Share your link
      </h2>
      <CopyLinkField label="Your referral link" link={link} />
      <ul className="refer-share" aria-label="Share it">
        {shareLinks(link).map((share) => (
          <li key={share.label}>
            <a className="btn btn--ghost btn--sm" href={share.href} rel="noopener noreferrer" {...(share.newTab ? { target: '_blank' } : {})}>
              {share.label}
              {share.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
