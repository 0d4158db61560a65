import { useState, type ReactNode } from 'react';
import { AdminForm } from './form/AdminForm';
import type { FieldDefinition, FormValues } from './form/types';
import { UploadProgress } from './UploadProgress';
import type { UploadOptions } from '../api/upload';
import '../upload.css';

export const NO_FILE = 'Please choose a file to upload.';

export interface UploadPanelProps {
  /** The file field's label ('Photo file'...). */
  label: string;
  /** `accept` of the file field ('image/*', 'audio/*'). */
  accept: string;
  helpText?: string;
  /** Sends the file; resolves with the server's success text ('The photo was uploaded.'). */
  send: (file: File, options: UploadOptions) => Promise<string>;
  /** What the item has in this slot now. */
  current: ReactNode;
}

/**
 * The upload form (one file, its progress 0 to 100%, the form disabled meanwhile, the progress
 * back to 0 on failure: spec §4) beside the file the item has now. Shared by the podcast, goal,
 * blog and visual upload screens; the book screens use the same pieces (BookUpload).
 */
export function UploadPanel({ label, accept, helpText, send, current }: UploadPanelProps) {
  const [progress, setProgress] = useState(0);
  const fields: FieldDefinition[] = [
    { id: 'file', label, type: 'file', accept, helpText: helpText ?? 'The file replaces the current one once it is stored whole.' },
  ];

  const upload = async (values: FormValues) => {
    const file = values.file instanceof File ? values.file : null;
    if (!file) throw new Error(NO_FILE);
    setProgress(0);
    try {
      const message = await send(file, { onProgress: setProgress });
      setProgress(100);
      return message;
    } catch (error) {
      setProgress(0);
      throw error;
    }
  };

  return (
    <div className="upload">
      <section className="card admin-card" aria-labelledby="upload-title">
        <h2 id="upload-title" className="card__title">
          Upload a new file
        </h2>
        <AdminForm fields={fields} submitLabel="Upload" submittingLabel="Uploading…" onSubmit={upload}>
          <UploadProgress percent={progress} />
        </AdminForm>
      </section>
      <section className="card admin-card upload-current" aria-labelledby="current-title">
        <h2 id="current-title" className="card__title">
          Current file
        </h2>
        {current}
      </section>
    </div>
  );
}

/** The file an item has in a slot: the picture, a player, or a note that there is none. */
export function CurrentFile({ url, kind, name, noneText }: { url: string | null | undefined; kind: 'image' | 'audio'; name: string; noneText: string }) {
  if (!url) return <p className="upload-current__none">{noneText}</p>;
  if (kind === 'audio') {
    return (
      <audio className="upload-current__player" controls preload="metadata" src={url} aria-label={name}>
        <a href={url}>Download: {name}</a>
      </audio>
    );
  }
  return <img className="upload-current__image" src={url} alt={name} />;
}
