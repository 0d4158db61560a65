/**
 * The device's offline records in IndexedDB (`gistbook-offline`): `books`, the index of saved books
 * (one record per member and book), and `queue`, position saves made without a connection. The
 * saved answers and files themselves are in Cache Storage (`names.ts`). Logging out deletes the
 * whole database (`clear.ts`).
 */
import type { QueuedSave } from './queue-rules';
import type { SavedBook } from './saved-book';

export const DB_NAME = 'gistbook-offline';
const VERSION = 1;
export const BOOKS = 'books';
export const QUEUE = 'queue';

type StoreName = typeof BOOKS | typeof QUEUE;

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(BOOKS, { keyPath: ['memberId', 'bookId'] });
      db.createObjectStore(QUEUE, { keyPath: ['memberId', 'bookId', 'savedAt'] });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting the database (logging out) must not wait for this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

interface Records {
  [BOOKS]: SavedBook;
  [QUEUE]: QueuedSave;
}

/** Every record of `store` that belongs to `memberId`. */
export async function listRecords<S extends StoreName>(store: S, memberId: number): Promise<Records[S][]> {
  const db = await open();
  const range = IDBKeyRange.bound([memberId], [memberId, []]);
  return promised(db.transaction(store).objectStore(store).getAll(range) as IDBRequest<Records[S][]>);
}

/** Puts `put` and deletes the keys of `remove`, in one transaction. */
export async function writeRecords<S extends StoreName>(store: S, put: Records[S][], remove: IDBValidKey[] = []): Promise<void> {
  const db = await open();
  const transaction = db.transaction(store, 'readwrite');
  const objects = transaction.objectStore(store);
  for (const key of remove) objects.delete(key);
  for (const record of put) objects.put(record);
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** Closes this page's connection and deletes the database (logout). */
export async function deleteDatabase(): Promise<void> {
  if (opening) {
    const db = await opening.catch(() => null);
    db?.close();
    opening = null;
  }
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be deleted'));
    // Another tab still holds it open: it closes on `versionchange`, then this succeeds.
    request.onblocked = () => undefined;
  });
}
