import type { AdminBook } from '../api/types';
import type { UploadSlot } from '../api/upload';

/** The link to a slot's current file, if it has one. */
export function currentUrl(book: AdminBook, slot: UploadSlot): string | null {
  switch (slot) {
    case 'photo':
      return book.image ? book.imageUrl || null : null;
    case 'vector':
      return book.vector ? book.vectorUrl || null : null;
    case 'infographic':
      return book.infographicUrl || null;
    case 'media':
      return book.mediaUrl || null;
    case 'podcast':
      return book.podcast || null;
    case 'video':
      return book.video || null;
  }
}

function isPdf(url: string): boolean {
  return /\.pdf($|\?)/i.test(url);
}

/** What the book has in this slot now: the image, a player, or a note that there is none. */
export function CurrentMedia({ book, slot, kind, title }: { book: AdminBook; slot: UploadSlot; kind: 'image' | 'audio' | 'video'; title: string }) {
  const url = currentUrl(book, slot);
  const what = title.toLowerCase();
  if (!url) {
    if (slot === 'vector' && book.vector) return <p className="upload-current__none">The vector artwork is stored ({book.vector}) but cannot be shown here.</p>;
    return <p className="upload-current__none">This book has no {what} yet.</p>;
  }
  if (kind === 'audio') {
    return (
      <audio className="upload-current__player" controls preload="metadata" src={url} aria-label={`Current ${what} of ${book.title}`}>
        <a href={url}>Download the current {what}</a>
      </audio>
    );
  }
  if (kind === 'video') {
    return (
      <video className="upload-current__player" controls preload="metadata" src={url} aria-label={`Current video of ${book.title}`}>
        <a href={url}>Download the current video</a>
      </video>
    );
  }
  if (isPdf(url)) {
    return (
      <p>
        <a href={url} target="_blank" rel="noreferrer">
          Open the current {what} (PDF)
        </a>
      </p>
    );
  }
  return <img className="upload-current__image" src={url} alt={`Current ${what} of ${book.title}`} />;
}
