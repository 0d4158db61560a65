import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/Field';
import { errorMessage } from '@/lib/api/client';
import { useSendInvite } from '../api/send-invite';
import { inviteProblem, inviteSentText, type InviteField } from '../validation';

interface InviteFormProps {
  /** The member's first name, filled in as "Your name" until they type another. */
  firstName?: string;
}

type Notice = { tone: 'warning' | 'success'; text: string };

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
  const [invalid, setInvalid] = useState<InviteField | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();
  const ids: Record<InviteField | 'notice', string> = {
    yourName: `${id}-your-name`,
    friendName: `${id}-friend-name`,
    friendEmail: `${id}-friend-email`,
    notice: `${id}-notice`,
  };
  const yourName = typedName ?? firstName;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = inviteProblem({ yourName, friendName, friendEmail });
    setInvalid(problem?.field ?? null);
    if (problem) {
      setNotice({ tone: 'warning', text: problem.message });
      document.getElementById(ids[problem.field])?.focus();
      return;
    }
    setNotice(null);
    send.mutate(
      { yourName: yourName.trim(), friendName: friendName.trim(), friendEmail: friendEmail.trim() },
      {
        onSuccess: (result) => {
          setNotice({ tone: 'success', text: inviteSentText(result.friendEmail, result.firstInvite) });
          setFriendName('');
          setFriendEmail('');
        },
        onError: (error) => setNotice({ tone: 'warning', text: errorMessage(error) }),
      },
    );
  };

  /** A field the warning is about points to it. */
  const describedBy = (field: InviteField) => (invalid === field && notice?.tone === 'warning' ? ids.notice : undefined);

  return (
    <form className="form invite-form" onSubmit={onSubmit} noValidate>
      {notice ? (
        <Alert tone={notice.tone} id={ids.notice}>
          {notice.text}
        </Alert>
      ) : null}
      <TextField
        id={ids.yourName}
        label="Your name"
        name="yourName"
        autoComplete="given-name"
        required
        aria-invalid={invalid === 'yourName' || undefined}
        aria-describedby={describedBy('yourName')}
        value={yourName}
        onChange={(event) => setYourName(event.target.value)}
      />
      <div className="form__row">
        <TextField
          id={ids.friendName}
          label="Friend's name"
          name="friendName"
          autoComplete="off"
          required
          aria-invalid={invalid === 'friendName' || undefined}
          aria-describedby={describedBy('friendName')}
          value={friendName}
          onChange={(event) => setFriendName(event.target.value)}
        />
        <TextField
          id={ids.friendEmail}
          label="Friend's e-mail"
          name="friendEmail"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          aria-invalid={invalid === 'friendEmail' || undefined}
          aria-describedby={describedBy('friendEmail')}
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
