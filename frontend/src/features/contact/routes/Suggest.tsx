import { AuthCard } from '@/components/AuthCard';
import { useDocumentTitle } from '@/components/use-document-title';
import { MessageForm } from '../components/MessageForm';
import '../contact.css';

export const SUGGEST_SENT = 'Thanks for the message!';
export const SUGGEST_LABEL = 'Which book should we summarise?';

/** /suggest (back-office spec §2): name, e-mail and the book a reader would like summarised. */
export default function SuggestRoute() {
  useDocumentTitle('Suggest a Book');
  return (
    <AuthCard
      title="Suggest a Book"
      subtitle="Missing a book you would love to read in 15 minutes? Tell us which one, and we will consider it for our next summaries."
    >
      <MessageForm
        kind="suggest"
        messageLabel={SUGGEST_LABEL}
        messageHint="The title and author, and why you would like it, if you wish."
        sentTitle={SUGGEST_SENT}
        sentText={<p>We have your suggestion and will look at it when we choose the next books to summarise.</p>}
      />
    </AuthCard>
  );
}
