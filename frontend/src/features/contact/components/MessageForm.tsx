import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus } from '@/components/form/use-form-status';
import { firstEmpty, looksLikeEmail } from '@/components/form/validation';
import { errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useSendContact, type ContactKind } from '../api/send-message';
import { COMPLETE_FORM_MESSAGE, INVALID_EMAIL_MESSAGE } from '../validation';
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
  const form = useFormStatus<'name' | 'email' | 'body'>({ scroll: true, focusField: true });

  if (send.isSuccess) return <SentMessage title={sentTitle}>{sentText}</SentMessage>;

  const name = typedName ?? (member ? `${member.firstName} ${member.lastName}`.trim() : '');
  const email = typedEmail ?? member?.email ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing = firstEmpty([name, email, body]);
    if (missing >= 0) {
      form.reject({ field: (['name', 'email', 'body'] as const)[missing], message: COMPLETE_FORM_MESSAGE });
      return;
    }
    if (!looksLikeEmail(email)) {
      form.reject({ field: 'email', message: INVALID_EMAIL_MESSAGE });
      return;
    }
    form.clear();
    send.mutate(
      { name: name.trim(), email: email.trim(), body: body.trim(), kind, website },
      {
        onError: (error) => form.fail(errorMessage(error)),
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormAlert status={form.status} id={form.alertId} />
      <TextField {...form.field('name')} label="Name" name="name" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} />
      <TextField
        {...form.field('email')}
        label="E-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextAreaField
        {...form.field('body')}
        label={messageLabel}
        name="body"
        rows={6}
        required
        hint={messageHint}
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
