import { AuthCard } from '@/components/AuthCard';
import { useDocumentTitle } from '@/components/use-document-title';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { MessageForm } from '../components/MessageForm';
import '../contact.css';

export const CONTACT_SENT = 'Message Sent!';

/** /contact (back-office spec §2): name, e-mail and message to the team; 'Message Sent!' and Back to Home once sent. */
export default function ContactRoute() {
  useDocumentTitle('Contact Us');
  return (
    <AuthCard
      title="Contact Us"
      subtitle={
        <>
          A question about your account, a payment or a summary? Send us a message and we will answer by e-mail. You can also write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </>
      }
    >
      <MessageForm
        kind="contact"
        messageLabel="Message"
        sentTitle={CONTACT_SENT}
        sentText={<p>Thank you for writing. We read every message and will answer you by e-mail.</p>}
      />
    </AuthCard>
  );
}
