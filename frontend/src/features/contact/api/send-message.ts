import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ContactRequest, FeedbackRequest } from './types';

/** What a contact form is for: a message to the team, or a book to summarise. */
export type ContactKind = 'contact' | 'suggest';

/**
 * POST /api/contact {name, email, body, kind, website}: stored for the back office and mailed to
 * support. 400 'Please complete the form.' / 'Please enter a valid email address.', 429 `rate_limited`.
 */
export function sendContact(body: ContactRequest) {
  return api.post('/api/contact', { body });
}

export function useSendContact() {
  return useMutation({ mutationKey: ['contact', 'send'], mutationFn: sendContact });
}

/** POST /api/feedback/send {feedback, email, website}: 400 'Please input the required fields.', the e-mail one, 429. */
export function sendFeedback(body: FeedbackRequest) {
  return api.post('/api/feedback/send', { body });
}

export function useSendFeedback() {
  return useMutation({ mutationKey: ['contact', 'feedback'], mutationFn: sendFeedback });
}
