import { isBlank, looksLikeEmail, type FieldProblem } from '@/components/form/validation';

/** The server's answers to an incomplete invite (member spec, Invite payload and validation), checked here first in this order. */
export const YOUR_NAME_MESSAGE = 'Please enter your name.';
export const FRIEND_NAME_MESSAGE = "Please enter your friend's name.";
export const FRIEND_EMAIL_MESSAGE = "Please enter your friend's email.";
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

export type InviteField = 'yourName' | 'friendName' | 'friendEmail';

export interface InviteValues {
  yourName: string;
  friendName: string;
  friendEmail: string;
}

/** The first thing wrong with an invite (the field and the message to show), or null. */
export function inviteProblem(values: InviteValues): FieldProblem<InviteField> | null {
  if (isBlank(values.yourName)) return { field: 'yourName', message: YOUR_NAME_MESSAGE };
  if (isBlank(values.friendName)) return { field: 'friendName', message: FRIEND_NAME_MESSAGE };
  if (isBlank(values.friendEmail)) return { field: 'friendEmail', message: FRIEND_EMAIL_MESSAGE };
  if (!looksLikeEmail(values.friendEmail)) return { field: 'friendEmail', message: INVALID_EMAIL_MESSAGE };
  return null;
}

/** What the member reads once the invite went: the address, and the extra summary on the first one. */
export function inviteSentText(friendEmail: string, firstInvite: boolean): string {
  return `Invitation sent to ${friendEmail}.${firstInvite ? ' You unlocked one more free summary.' : ''}`;
}
