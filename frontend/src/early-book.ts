// The book page's first script (written inline into `dist/shells/reader.html`, before the app's): a
// signed-in member's book call leaves while the app's scripts download (features/reader/api/early-book.ts).
import { startEarlyBookCall } from '@/features/reader/api/early-book';

startEarlyBookCall();
