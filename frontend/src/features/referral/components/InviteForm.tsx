import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import { useSendInvite } from '../api/send-invite';
import { inviteProblem, inviteSentText, type InviteField } from '../validation';

interface InviteFormProps {
  /** The member's first name, filled in as "Your name" until they type another. */
  firstName?: string;
}

/**
 * The invite form (member spec, Refer a friend; issue 15 §2): your name, your friend's name and
 * e-mail, all required, checked in that order (the first one wrong is said and focused), then
 * `POST /api/contact/invite`. Sent: 'Invitation sent to {email}.', plus the unlocked summary on the
 * first invite, and the friend's fields empty for the next one. The server's refusal shows in a warning.
 */
export function InviteForm({ firstName = '' }: InviteFormProps) {
  const send = useSendInvite();
  // null: not typed in yet, so the member's first name shows.
  const [typedName, setYourName] = useState<string | null>(null);
  const [friendName, setFriendName] = useState('');
  const [friendEmail, setFriendEmail] = useState('');
  const form = useFormStatus<InviteField>({ focusField: true });
  const yourName = typedName ?? firstName;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = inviteProblem({ yourName, friendName, friendEmail });
    if (problem) {
      form.reject(problem);
      return;
    }
    form.clear();
    send.mutate(
      { yourName: yourName.trim(), friendName: friendName.trim(), friendEmail: friendEmail.trim() },
      {
        onSuccess: (result) => {
          form.succeed(inviteSentText(result.friendEmail, result.firstInvite));
          setFriendName('');
          setFriendEmail('');
        },
        onError: (error) => form.fail(errorMessage(error)),
      },
    );
  };

  return (
    <form className="form invite-form" onSubmit={onSubmit} noValidate>
      <FormAlert status={form.status} id={form.alertId} />
      <TextField
        {...form.field('yourName')}
        label="Your name"
        name="yourName"
        autoComplete="given-name"
        required
        value={yourName}
        onChange={(event) => setYourName(event.target.value)}
      />
      <div className="form__row">
        <TextField
          {...form.field('friendName')}
          label="Friend's name"
          name="friendName"
          autoComplete="off"
          required
          value={friendName}
          onChange={(event) => setFriendName(event.target.value)}
        />
        <TextField
          {...form.field('friendEmail')}
          label="Friend's e-mail"
          name="friendEmail"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          value={friendEmail}
          onChange={(event) => setFriendEmail(event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" block loading={send.isPending} loadingText="Sending…">
        Send Invite
      </Button>
    </form>
  );
}
