import { useEffect, useState } from 'react';
import { Button } from '@/components/Button';

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'Could not copy: please select the text and copy it by hand.',
};

/** A button that copies `text`, and says (politely, to screen readers too) whether it worked. */
export function CopyButton({ text, children }: { text: string; children: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => setState('idle'), 5000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // Missing outside secure contexts (and in old browsers): that throws, and is reported.
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="copy">
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        {children}
      </Button>
      <span className="copy__status" role="status">
        {MESSAGES[state]}
      </span>
    </span>
  );
}
