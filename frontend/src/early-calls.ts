// The first script of the book page's and the checkout's shells (written inline ahead of the
// app's): the page's data calls leave while the app's scripts download (lib/api/early-calls.ts).
import { startEarlyBookCall } from '@/features/reader/api/early-book';
import { startEarlyCheckoutCalls } from '@/lib/billing/early-checkout';

startEarlyBookCall();
startEarlyCheckoutCalls();
