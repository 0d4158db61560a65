import { useEffect, useId, useState } from 'react';
import { Button } from './Button';
import { TextField } from './form/Field';
import './copy-link.css';

type CopyState = 'idle' | 'copied' | 'selected';

export const LINK_COPIED = 'Link copied';
export const COPY_BY_HAND = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

const COPY_MESSAGES: Record<CopyState, string> = { idle: '', copied: LINK_COPIED, selected: COPY_BY_HAND };

/**
 * A link to hand out (the referral link, the affiliate link): read-only, with 'Copy link' (the
 * clipboard, or else the text selected for copying by hand; either is said in a polite live region).
 */
export function CopyLinkField({ link, label }: { link: string; label: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputId = `${useId()}-link`;

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
    <>
      <div className="copy-link">
        <TextField id={inputId} label={label} className="copy-link__input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copyLink()}>
          Copy link
        </Button>
      </div>
      <p className="copy-link__status" role="status" aria-live="polite">
        {COPY_MESSAGES[copy]}
      </p>
    </>
  );
}
