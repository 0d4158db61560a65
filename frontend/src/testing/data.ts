import type { User } from '@/lib/api/types';

let nextId = 1;

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    email: `reader${id}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    planId: null,
    paidDate: 0,
    endPaidDate: null,
    recommends: [],
    friendEmail: null,
    isPaid: false,
    isAdmin: false,
    ...overrides,
  };
}
