import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus } from '@/components/form/use-form-status';
import { firstEmpty, looksLikeEmail } from '@/components/form/validation';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useSendFeedback } from '../api/send-message';
import { Honeypot } from '../components/Honeypot';
import { SentMessage } from '../components/SentMessage';
import { INVALID_EMAIL_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '../validation';
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
  const form = useFormStatus<'feedback' | 'email'>({ scroll: true, focusField: true });
  const email = typedEmail ?? member?.email ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing = firstEmpty([feedback, email]);
    if (missing >= 0) {
      form.reject({ field: (['feedback', 'email'] as const)[missing], message: REQUIRED_FIELDS_MESSAGE });
      return;
    }
    if (!looksLikeEmail(email)) {
      form.reject({ field: 'email', message: INVALID_EMAIL_MESSAGE });
      return;
    }
    form.clear();
    send.mutate(
      { feedback: feedback.trim(), email: email.trim(), website },
      {
        onError: (error) => form.fail(errorMessage(error)),
      },
    );
  };

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
          <FormAlert status={form.status} id={form.alertId} />
          <TextAreaField
            {...form.field('feedback')}
            label={FEEDBACK_LABEL}
            name="feedback"
            rows={6}
            required
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <TextField
            {...form.field('email')}
            label="E-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            hint="So that we can answer you."
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
