// The book page's first script (`dist/shells/reader.html` loads it `async`, before the app's): a
// signed-in member's book call leaves while the app's scripts download (features/reader/api/early-book.ts).
import { startEarlyBookRequest } from '@/features/reader/api/early-book';

startEarlyBookRequest();
