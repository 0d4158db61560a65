import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/Field';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useSendFeedback } from '../api/send-message';
import { Honeypot } from '../components/Honeypot';
import { SentMessage } from '../components/SentMessage';
import { INVALID_EMAIL_MESSAGE, REQUIRED_FIELDS_MESSAGE, firstEmpty, focusField, looksLikeEmail } from '../validation';
import '../contact.css';

export const FEEDBACK_SENT = 'Your feedback was submitted.';
export const FEEDBACK_LABEL = 'Your feedback';

/**
 * /feedback-form (back-office spec §2, §5): 'What do you think?', the feedback and an e-mail
 * (a signed-in member's own, to start with), both required ('Please input the required fields.').
 */
export default function FeedbackRoute() {
  useDocumentTitle('What do you think?');
  const send = useSendFeedback();
  const authenticated = useIsAuthenticated();
  const session = useSession({ enabled: authenticated });
  const member = authenticated ? session.data?.user : undefined;
  const [feedback, setFeedback] = useState('');
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [website, setWebsite] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const id = useId();
  const ids = { feedback: `${id}-feedback`, email: `${id}-email`, alert: `${id}-alert` };
  const email = typedEmail ?? member?.email ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing = firstEmpty([feedback, email]);
    const wrong = missing >= 0 ? [ids.feedback, ids.email][missing] : looksLikeEmail(email) ? null : ids.email;
    setInvalid(wrong ?? null);
    if (wrong) {
      setMessage(missing >= 0 ? REQUIRED_FIELDS_MESSAGE : INVALID_EMAIL_MESSAGE);
      focusField(wrong);
      return;
    }
    setMessage(null);
    send.mutate(
      { feedback: feedback.trim(), email: email.trim(), website },
      {
        onError: (error) => {
          setMessage(errorMessage(error));
          scrollToTop();
        },
      },
    );
  };
  const describedBy = (field: string) => (invalid === field ? ids.alert : undefined);

  return (
    <AuthCard
      title="What do you think?"
      subtitle="Tell us what you like about Gistbook, what gets in your way and what you would like to see next. Every note is read by the team."
    >
      {send.isSuccess ? (
        <SentMessage title={FEEDBACK_SENT}>
          <p>Thank you for helping us make Gistbook better.</p>
        </SentMessage>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {message ? (
            <Alert tone="warning" id={ids.alert}>
              {message}
            </Alert>
          ) : null}
          <TextAreaField
            id={ids.feedback}
            label={FEEDBACK_LABEL}
            name="feedback"
            rows={6}
            required
            aria-invalid={invalid === ids.feedback || undefined}
            aria-describedby={describedBy(ids.feedback)}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <TextField
            id={ids.email}
            label="E-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            hint="So that we can answer you."
            aria-invalid={invalid === ids.email || undefined}
            aria-describedby={[`${ids.email}-hint`, describedBy(ids.email)].filter(Boolean).join(' ')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Honeypot value={website} onChange={setWebsite} />
          <Button type="submit" size="lg" block loading={send.isPending} loadingText="Sending…">
            Send Feedback
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
