import { useCallback } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from './CopyButton';

export const RECOVERY_FILE_NAME = 'gistbook-recovery-codes.txt';

/** The text of the downloaded file: a short heading and one code a line. */
export function recoveryCodesText(codes: string[]): string {
  return ['Gistbook recovery codes', 'Each code works once, in place of a code from your authenticator app.', '', ...codes, ''].join('\n');
}

/**
 * Freshly made recovery codes: the only time they can be read. Copy and download them, then Done.
 * The heading takes the focus when the panel appears.
 */
export function RecoveryCodes({ codes, intro, onDone }: { codes: string[]; intro: string; onDone: () => void }) {
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesText(codes))}`;
  return (
    <div className="recovery" aria-labelledby="recovery-title" role="group">
      <Alert tone="success">{intro}</Alert>
      <h3 id="recovery-title" className="security__subtitle" tabIndex={-1} ref={focusOnMount}>
        Your recovery codes
      </h3>
      <p>
        If you lose your phone, sign in with one of these codes instead. <strong>Each code works once</strong>, and they are shown only now: copy or download
        them and keep them somewhere safe.
      </p>
      <ol className="recovery__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="security__actions">
        <CopyButton text={codes.join('\n')}>Copy</CopyButton>
        <a className="btn btn--ghost btn--sm" href={download} download={RECOVERY_FILE_NAME}>
          Download
        </a>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
