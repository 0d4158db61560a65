import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { TextAreaField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus } from '@/components/form/use-form-status';
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
  const form = useFormStatus<ApplicationField>({ scroll: true, focusField: true });
  const titleId = useId();
  const name = typedName ?? defaults.name;
  const email = typedEmail ?? defaults.email;
  const audience = typedAudience ?? defaults.audience;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (apply.isPending) return;
    const problem = applicationProblem({ name, email, audience, acceptTerms });
    if (problem) {
      form.reject(problem);
      return;
    }
    form.clear();
    apply.mutate(
      { name: name.trim(), email: email.trim(), audience: audience.trim(), acceptTerms },
      {
        onError: (error) => {
          form.fail(errorMessage(error));
          // 'You have already applied.': show what the server has (pending or approved).
          if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
        },
      },
    );
  };

  return (
    <form className="form affiliate-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Apply to the Affiliate Program
      </h2>
      <FormAlert status={form.status} id={form.alertId} />
      <TextField {...form.field('name')} label="Name" name="name" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} />
      <TextField
        {...form.field('email')}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint="For your payouts and our messages about the programme."
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextAreaField
        {...form.field('audience')}
        label="Your website or audience"
        name="audience"
        rows={5}
        required
        hint={`Where will you share your link? Your site, newsletter, channel or followers, and roughly how many people (up to ${AUDIENCE_MAX} characters).`}
        value={audience}
        onChange={(event) => setAudience(event.target.value)}
      />
      <div className="affiliate-terms">
        <input
          {...form.control('acceptTerms')}
          type="checkbox"
          name="acceptTerms"
          className="affiliate-terms__box"
          required
          checked={acceptTerms}
          onChange={(event) => setAcceptTerms(event.target.checked)}
        />
        <label htmlFor={form.id('acceptTerms')} className="affiliate-terms__label">
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
