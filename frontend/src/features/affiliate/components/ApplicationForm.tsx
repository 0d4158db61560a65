import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/Field';
import { scrollToTop } from '@/components/scroll';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useApplyAffiliate } from '../api/apply';
import { affiliateKeys } from '../api/get-affiliate';
import { AUDIENCE_MAX, applicationProblem, type ApplicationField } from '../validation';

export interface ApplicationDefaults {
  name: string;
  email: string;
  audience: string;
}

/**
 * The application (docs/referral.md, POST /api/affiliate/apply): name, payout e-mail, the
 * website or audience and the terms, checked as the server checks them and with its texts (the
 * first thing wrong is said in a warning and its field focused). The server's refusal shows the same way.
 * Once sent, the page shows the application pending (the answer replaces the member's record).
 */
export function ApplicationForm({ defaults, onApplied }: { defaults: ApplicationDefaults; onApplied?: () => void }) {
  const apply = useApplyAffiliate({ onApplied });
  const queryClient = useQueryClient();
  // null: not typed in yet, so the defaults (the member's details, a previous application) show.
  const [typedName, setName] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [typedAudience, setAudience] = useState<string | null>(null);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [invalid, setInvalid] = useState<ApplicationField | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  const ids: Record<ApplicationField | 'alert', string> = {
    name: `${id}-name`,
    email: `${id}-email`,
    audience: `${id}-audience`,
    acceptTerms: `${id}-terms`,
    alert: `${id}-alert`,
  };
  const name = typedName ?? defaults.name;
  const email = typedEmail ?? defaults.email;
  const audience = typedAudience ?? defaults.audience;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (apply.isPending) return;
    const problem = applicationProblem({ name, email, audience, acceptTerms });
    setInvalid(problem?.field ?? null);
    if (problem) {
      setMessage(problem.message);
      document.getElementById(ids[problem.field])?.focus();
      return;
    }
    setMessage(null);
    apply.mutate(
      { name: name.trim(), email: email.trim(), audience: audience.trim(), acceptTerms },
      {
        onError: (error) => {
          setMessage(errorMessage(error));
          scrollToTop();
          // 'You have already applied.': show what the server has (pending or approved).
          if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
        },
      },
    );
  };

  /** The field the warning is about points to it (besides its own hint). */
  const describedBy = (field: ApplicationField, hint?: string) =>
    [hint, invalid === field && message ? ids.alert : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="form affiliate-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Apply to the Affiliate Program
      </h2>
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
        aria-invalid={invalid === 'name' || undefined}
        aria-describedby={describedBy('name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id={ids.email}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint="For your payouts and our messages about the programme."
        aria-invalid={invalid === 'email' || undefined}
        aria-describedby={describedBy('email', `${ids.email}-hint`)}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextAreaField
        id={ids.audience}
        label="Your website or audience"
        name="audience"
        rows={5}
        required
        hint={`Where will you share your link? Your site, newsletter, channel or followers, and roughly how many people (up to ${AUDIENCE_MAX} characters).`}
        aria-invalid={invalid === 'audience' || undefined}
        aria-describedby={describedBy('audience', `${ids.audience}-hint`)}
        value={audience}
        onChange={(event) => setAudience(event.target.value)}
      />
      <div className="affiliate-terms">
        <input
          id={ids.acceptTerms}
          type="checkbox"
          name="acceptTerms"
          className="affiliate-terms__box"
          required
          aria-invalid={invalid === 'acceptTerms' || undefined}
          aria-describedby={describedBy('acceptTerms')}
          checked={acceptTerms}
          onChange={(event) => setAcceptTerms(event.target.checked)}
        />
        <label htmlFor={ids.acceptTerms} className="affiliate-terms__label">
          I accept the affiliate terms
        </label>
        <a className="affiliate-terms__link" href="/terms" target="_blank" rel="noopener">
          Read the terms <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </div>
      <Button type="submit" size="lg" block loading={apply.isPending} loadingText="Sending…">
        Apply
      </Button>
    </form>
  );
}
