import { TextAreaField, TextField } from '@/components/form/Field';
import './checkout.css';

/** The gift form (member spec §3, Gift payload). Every field may be left blank. */
export interface GiftDetails {
  senderName: string;
  recipientName: string;
  recipientEmail: string;
  recipientMsg: string;
}

export const EMPTY_GIFT: GiftDetails = { senderName: '', recipientName: '', recipientEmail: '', recipientMsg: '' };

/** The server's limits (billing::codes): names 100 characters, the message 1,000. */
const NAME_MAX = 100;
const MESSAGE_MAX = 1000;

/**
 * Who the gift is from and for. Without a recipient e-mail the gift code goes to the buyer, who
 * hands it on (member spec §5, Checkout).
 */
export function GiftFields({ value, onChange, disabled }: { value: GiftDetails; onChange: (next: GiftDetails) => void; disabled?: boolean }) {
  const set = (field: keyof GiftDetails) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="gift-fields" disabled={disabled}>
      <legend className="choice__legend">Gift details</legend>
      <p className="field__hint gift-fields__intro">
        We e-mail the gift code to the recipient. Leave their e-mail blank to receive the details yourself and hand them on.
      </p>
      <TextField label="Your name" name="senderName" autoComplete="name" maxLength={NAME_MAX} value={value.senderName} onChange={set('senderName')} />
      <div className="form__row">
        <TextField
          label="Recipient's name (optional)"
          name="recipientName"
          autoComplete="off"
          maxLength={NAME_MAX}
          value={value.recipientName}
          onChange={set('recipientName')}
        />
        <TextField
          label="Recipient's email (optional)"
          name="recipientEmail"
          type="email"
          autoComplete="off"
          inputMode="email"
          value={value.recipientEmail}
          onChange={set('recipientEmail')}
        />
      </div>
      <TextAreaField
        label="Message (optional)"
        name="recipientMsg"
        rows={4}
        maxLength={MESSAGE_MAX}
        hint={`${value.recipientMsg.length}/${MESSAGE_MAX} characters`}
        value={value.recipientMsg}
        onChange={set('recipientMsg')}
      />
    </fieldset>
  );
}
