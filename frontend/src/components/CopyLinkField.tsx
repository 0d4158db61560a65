import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from './Button';
import { TextField } from './form/Field';
import './copy-link.css';

type CopyState = 'idle' | 'copied' | 'selected';

export const LINK_COPIED = 'Link copied';
export const COPY_BY_HAND = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

/** What the live region says after a copy, and after the text was selected instead. */
export interface CopyMessages {
  copied: string;
  selected: string;
}

const LINK_MESSAGES: CopyMessages = { copied: LINK_COPIED, selected: COPY_BY_HAND };

interface CopyLinkFieldProps {
  link: string;
  label: string;
  /** The button's name ('Copy link' by default). */
  copyLabel?: string;
  messages?: CopyMessages;
  /** For a caller that moves the focus to the field (the podcast feed's new address). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A link to hand out (the referral link, the affiliate link, a podcast feed's address): read-only,
 * with a copy button (the clipboard, or else the text selected for copying by hand; either is said
 * in a polite live region).
 */
export function CopyLinkField({ link, label, copyLabel = 'Copy link', messages = LINK_MESSAGES, inputRef }: CopyLinkFieldProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;

  useEffect(() => {
    if (copy === 'idle') return undefined;
    const timer = window.setTimeout(() => setCopy('idle'), 5000);
    return () => window.clearTimeout(timer);
  }, [copy]);

  const selectLink = () => {
    input.current?.focus();
    input.current?.select();
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
        <TextField
          ref={input}
          label={label}
          className="copy-link__input"
          readOnly
          value={link}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyLink()}>
          {copyLabel}
        </Button>
      </div>
      <p className="copy-link__status" role="status" aria-live="polite">
        {copy === 'idle' ? '' : messages[copy]}
      </p>
    </>
  );
}
