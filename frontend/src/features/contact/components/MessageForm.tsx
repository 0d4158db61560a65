import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/Field';
import { scrollToTop } from '@/components/scroll';
import { errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useSendContact, type ContactKind } from '../api/send-message';
import { COMPLETE_FORM_MESSAGE, INVALID_EMAIL_MESSAGE, firstEmpty, focusField, looksLikeEmail } from '../validation';
import { Honeypot } from './Honeypot';
import { SentMessage } from './SentMessage';

interface MessageFormProps {
  kind: ContactKind;
  /** The message box's label ('Message', 'Which book should we summarise?'). */
  messageLabel: string;
  messageHint?: ReactNode;
  submitLabel?: string;
  /** The title of what replaces the form once the message is sent. */
  sentTitle: string;
  sentText?: ReactNode;
}

/**
 * The contact and suggest-a-book form (back-office spec §2, §5): name, e-mail and message, all
 * required ('Please complete the form.' for the first one missing, which gets the focus), the
 * honeypot, then `POST /api/contact`. A signed-in member's name and e-mail are filled in. Errors:
 * the server's text (or the exception's) in a warning. Sent: the form gives way to `sentTitle`.
 */
export function MessageForm({ kind, messageLabel, messageHint, submitLabel = 'Send Message', sentTitle, sentText }: MessageFormProps) {
  const send = useSendContact();
  const authenticated = useIsAuthenticated();
  const session = useSession({ enabled: authenticated });
  const member = authenticated ? session.data?.user : undefined;

  // null: not typed in yet, so a signed-in member's own details show.
  const [typedName, setName] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [website, setWebsite] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  const ids = { name: `${id}-name`, email: `${id}-email`, body: `${id}-body`, alert: `${id}-alert` };

  if (send.isSuccess) return <SentMessage title={sentTitle}>{sentText}</SentMessage>;

  const name = typedName ?? (member ? `${member.firstName} ${member.lastName}`.trim() : '');
  const email = typedEmail ?? member?.email ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const order = [ids.name, ids.email, ids.body];
    const missing = firstEmpty([name, email, body]);
    const wrong = missing >= 0 ? order[missing] : looksLikeEmail(email) ? null : ids.email;
    setInvalid(wrong ?? null);
    if (wrong) {
      setMessage(missing >= 0 ? COMPLETE_FORM_MESSAGE : INVALID_EMAIL_MESSAGE);
      focusField(wrong);
      return;
    }
    setMessage(null);
    send.mutate(
      { name: name.trim(), email: email.trim(), body: body.trim(), kind, website },
      {
        onError: (error) => {
          setMessage(errorMessage(error));
          scrollToTop();
        },
      },
    );
  };
  /** The field the message is about points to it (besides its own hint). */
  const describedBy = (field: string, hint?: string) => [hint, invalid === field ? ids.alert : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {message ? (
        <Alert tone="warning" id={ids.alert}>
          {message}
        </Alert>
      ) : null}
      <TextField
        id={ids.name}
        label="Name"
        name="name"
        autoComplete="name"
        required
        aria-invalid={invalid === ids.name || undefined}
        aria-describedby={describedBy(ids.name)}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id={ids.email}
        label="E-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        aria-invalid={invalid === ids.email || undefined}
        aria-describedby={describedBy(ids.email)}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextAreaField
        id={ids.body}
        label={messageLabel}
        name="body"
        rows={6}
        required
        hint={messageHint}
        aria-invalid={invalid === ids.body || undefined}
        aria-describedby={describedBy(ids.body, messageHint ? `${ids.body}-hint` : undefined)}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <Honeypot value={website} onChange={setWebsite} />
      <Button type="submit" size="lg" block loading={send.isPending} loadingText="Sending…">
        {submitLabel}
      </Button>
    </form>
  );
}
