import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/Button';
import { TextField } from '@/components/Field';
import { shareLinks } from '../share';

type CopyState = 'idle' | 'copied' | 'selected';

export const LINK_COPIED = 'Link copied';
export const COPY_BY_HAND = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

const COPY_MESSAGES: Record<CopyState, string> = { idle: '', copied: LINK_COPIED, selected: COPY_BY_HAND };

/**
 * The member's referral link: read-only, with 'Copy link' (the clipboard, or else the text selected
 * for copying by hand; either is said in a polite live region) and links sharing it to Twitter,
 * Facebook and e-mail.
 */
export function ReferralLinkCard({ link }: { link: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const id = useId();
  const inputId = `${id}-link`;

  useEffect(() => {
    if (copy === 'idle') return undefined;
    const timer = window.setTimeout(() => setCopy('idle'), 5000);
    return () => window.clearTimeout(timer);
  }, [copy]);

  const selectLink = () => {
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  const copyLink = async () => {
    try {
      // Missing outside secure contexts and in old browsers (that throws too): select the text instead.
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      selectLink();
      setCopy('selected');
    }
  };

  return (
    <section className="card refer-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Share your link
      </h2>
      <div className="refer-link">
        <TextField
          id={inputId}
          label="Your referral link"
          className="refer-link__input"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyLink()}>
          Copy link
        </Button>
      </div>
      <p className="refer-link__status" role="status" aria-live="polite">
        {COPY_MESSAGES[copy]}
      </p>
      <ul className="refer-share" aria-label="Share it">
        {shareLinks(link).map((share) => (
          <li key={share.label}>
            <a
              className="btn btn--ghost btn--sm"
              href={share.href}
              rel="noopener noreferrer"
              {...(share.newTab ? { target: '_blank' } : {})}
            >
              {share.label}
              {share.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
