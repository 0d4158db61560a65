import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { SelectField, TextField } from '@/components/form/Field';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import type { KindleSetting } from '../api/types';
import { useKindle, useSetKindle } from '../api/kindle';
import { KINDLE_FORM_INCOMPLETE, KINDLE_SAVED } from '../messages';
import '../kindle.css';

/** Where a member goes on after saving (only back to sending a book). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/send-to-kindle') && !next.startsWith('//') ? next : null;
}

/**
 * /set-kindle (signed in): the member's Kindle address as a name box plus a domain dropdown with
 * the server's domains (back-office spec §2, §5); the current address is shown.
 */
export default function SetKindleRoute() {
  const kindle = useKindle();
  useDocumentTitle('Your Kindle address');
  return (
    <div className="page page--narrow kindle">
      <header className="page__header">
        <h1 className="page__title">Your Kindle address</h1>
        <p className="page__lead">Summaries you send to Kindle arrive at your Kindle's e-mail address, ready to read on any Kindle device or app.</p>
      </header>
      {kindle.isPending ? <Spinner label="Loading your Kindle address…" /> : null}
      {kindle.error ? <Alert tone="error">{errorMessage(kindle.error)}</Alert> : null}
      {kindle.data ? <KindleForm setting={kindle.data} /> : null}
    </div>
  );
}

function KindleForm({ setting }: { setting: KindleSetting }) {
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const save = useSetKindle();
  const [current] = (setting.kindleEmail ?? '').split('@', 1);
  const currentDomain = setting.kindleEmail?.split('@')[1] ?? '';
  const [name, setName] = useState(current ?? '');
  const [domain, setDomain] = useState(setting.domains.includes(currentDomain) ? currentDomain : (setting.domains[0] ?? ''));
  const [saved, setSaved] = useState(false);
  const { message, showError, clearError } = useFormAlert();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    clearError();
    setSaved(false);
    const typed = name.trim();
    if (!typed || !domain) {
      showError(KINDLE_FORM_INCOMPLETE);
      return;
    }
    save.mutate({ kindle_email: typed, kindle_email_end: domain }, { onSuccess: () => setSaved(true), onError: (error) => showError(errorMessage(error)) });
  };

  return (
    <section className="card kindle__card" aria-labelledby="kindle-form-title">
      <h2 id="kindle-form-title" className="card__title">
        Kindle e-mail address
      </h2>
      <p className="kindle__current" data-testid="kindle-current">
        {setting.kindleEmail ? (
          <>
            Summaries go to <strong>{setting.kindleEmail}</strong>.
          </>
        ) : (
          'You have not set a Kindle address yet.'
        )}
      </p>
      {message ? <Alert tone="warning">{message}</Alert> : null}
      {saved ? (
        <Alert tone="success">
          {KINDLE_SAVED}
          {next ? (
            <>
              {' '}
              <Link to={next}>Continue sending your summary</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="kindle__address">
          <TextField
            label="Name"
            name="kindle_email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint="The part before the @ of your Send-to-Kindle address."
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <span className="kindle__at" aria-hidden="true">
            @
          </span>
          <SelectField
            label="Domain"
            name="kindle_email_end"
            options={setting.domains.map((d) => ({ value: d, label: d }))}
            placeholder="Choose a domain…"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
          />
        </div>
        <Button type="submit" loading={save.isPending} loadingText="Saving…">
          Save Kindle address
        </Button>
      </form>
      <p className="kindle__help">
        You find your Send-to-Kindle address in your Amazon account under Manage Your Content and Devices, Preferences, Personal Document Settings. Add our
        address to the approved senders there, or the summaries will not arrive.
      </p>
    </section>
  );
}
