// The account query is shared with other features, so it lives in lib.
export { accountKeys, accountQueryOptions, getAccount, useAccount } from '@/lib/auth/account-api';
