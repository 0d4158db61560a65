import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { ApiError } from '@/lib/api/client';
import type { AiSummary } from '../api/types';
import { LoginToAct } from '@/lib/auth/login-to-act';
import { useSummariseFile } from '../api/summarise-file';
import { useSummariseUrl } from '../api/summarise-url';
import { aiErrorMessage } from '../messages';
import type { SourceKind } from '../steps';
import { ACCEPTED_FILES, checkSource } from '../validation';

/** `1536000` → `1.5 MB`. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface Problem {
  text: string;
  field: 'url' | 'file' | null;
  /** The server said the AI summariser is for Premium members: the upgrade link goes with it. */
  upgrade?: boolean;
}

/**
 * A link or a file (filling one disables the other) and Summarize: the client's checks first,
 * then POST /api/ai/url or the upload to /api/ai/file. `onStarted` gets the queued job.
 * `signedOut`: the form as a visitor sees it, its fields closed and "Log in to summarize" in the
 * button's place.
 */
export function SummariseForm({ onStarted, signedOut = false }: { onStarted?: (summary: AiSummary, kind: SourceKind) => void; signedOut?: boolean }) {
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const alertId = useId();
  const byUrl = useSummariseUrl();
  const byFile = useSummariseFile();
  const busy = byUrl.isPending || byFile.isPending;
  const closed = busy || signedOut;
  const linkGiven = link.trim() !== '';

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    setProblem(null);
    setFile(event.target.files?.[0] ?? null);
  };

  const started = (summary: AiSummary, kind: SourceKind) => {
    setLink('');
    clearFile();
    onStarted?.(summary, kind);
  };

  const refused = (error: unknown) => {
    const upgrade = error instanceof ApiError && error.status === 403;
    setProblem({ text: aiErrorMessage(error), field: null, upgrade });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (closed) return;
    const checked = checkSource(link, file);
    if (checked.error !== undefined) {
      setProblem({ text: checked.error, field: checked.field });
      return;
    }
    setProblem(null);
    const { source } = checked;
    if (source.kind === 'url') {
      byUrl.mutate(source.url, { onSuccess: ({ summary }) => started(summary, 'url'), onError: refused });
    } else {
      setPercent(0);
      byFile.mutate(
        { file: source.file, onProgress: setPercent },
        { onSuccess: ({ summary }) => started(summary, 'file'), onError: refused, onSettled: () => setPercent(null) },
      );
    }
  };

  const fileHint = linkGiven ? 'Clear the link to choose a file instead.' : 'PDF, EPUB, HTML or plain text, up to 20 MB.';
  const linkHint = file ? 'Clear the file to use a link instead.' : 'A web page, such as an article or a blog post.';
  const describedBy = (field: 'url' | 'file', hintId: string) => (problem && problem.field === field ? `${hintId} ${alertId}` : hintId);

  return (
    <form className="card ai-form" onSubmit={onSubmit} noValidate aria-labelledby="ai-form-title">
      <h2 id="ai-form-title" className="card__title">
        What shall we summarise?
      </h2>
      <TextField
        id="ai-link"
        label="Link"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://…"
        hint={linkHint}
        value={link}
        disabled={file !== null || closed}
        aria-invalid={problem?.field === 'url' || undefined}
        aria-describedby={describedBy('url', 'ai-link-hint')}
        onChange={(event) => {
          setProblem(null);
          setLink(event.target.value);
        }}
      />
      <p className="ai-form__or" aria-hidden="true">
        <span>or</span>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          File
        </label>
        <input
          ref={fileInput}
          id={fileId}
          className="input ai-form__file"
          type="file"
          name="file"
          accept={ACCEPTED_FILES}
          disabled={linkGiven || closed}
          aria-invalid={problem?.field === 'file' || undefined}
          aria-describedby={describedBy('file', `${fileId}-hint`)}
          onChange={onFileChange}
        />
        <p className="field__hint" id={`${fileId}-hint`}>
          {fileHint}
        </p>
        {file ? (
          <div className="ai-form__chosen">
            <span className="ai-form__chosen-name">
              {file.name} ({fileSize(file.size)})
            </span>
            <Button size="sm" variant="ghost" onClick={clearFile} disabled={busy}>
              Clear the file
            </Button>
          </div>
        ) : null}
      </div>
      {problem ? (
        <Alert tone="error" id={alertId}>
          {problem.text}
          {problem.upgrade ? (
            <>
              {' '}
              <Link to="/pricing">See the plans</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <div className="ai-form__actions">
        {signedOut ? (
          <>
            <LoginToAct action="summarize" size="md" />
            <p className="field__hint">The AI summariser is part of Premium.</p>
          </>
        ) : (
          <Button type="submit" loading={busy} loadingText={percent !== null && percent < 100 ? `Uploading… ${percent}%` : 'Sending…'}>
            Summarize
          </Button>
        )}
      </div>
    </form>
  );
}
