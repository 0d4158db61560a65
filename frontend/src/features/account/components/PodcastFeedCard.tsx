import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyLinkField } from '@/components/CopyLinkField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import type { PodcastFeed, PodcastFeedScope } from '../api/types';
import { useNewPodcastFeedAddress, usePodcastFeed, useSavePodcastFeedScope, useTurnOffPodcastFeed } from '../api/podcast-feed';
import { formatWhen } from './SessionsCard';
import '../podcast-feed.css';

export const FEED_TITLE = 'Listen in your podcast app';
export const ADDRESS_LABEL = 'Your feed address';
export const COPIED = 'Copied.';
export const COPY_BY_HAND = 'The address is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
export const SHOWN_ONCE = 'For your safety the address is shown only once. Lost it, or think someone else has it? “Get a new address” makes a new one.';
export const TURNED_OFF = 'Your feed is off. Its address no longer works.';

export const SCOPES: { value: PodcastFeedScope; label: string; hint: string }[] = [
  { value: 'library', label: 'My library', hint: 'The books you saved or finished.' },
  { value: 'all', label: 'All audio summaries', hint: 'Every audio summary you can listen to.' },
];

const SAVED: Record<PodcastFeedScope, string> = {
  library: 'Saved: your feed now holds the books in your library.',
  all: 'Saved: your feed now holds all audio summaries.',
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** How long ago, in words: "just now", "5 minutes ago", "yesterday", "3 weeks ago", "2 years ago". */
export function timeAgo(at: number, now: number = Date.now()): string {
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return relative.format(-Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return relative.format(-Math.floor(ms / HOUR), 'hour');
  const days = Math.floor(ms / DAY);
  if (days < 7) return relative.format(-days, 'day');
  if (days < 31) return relative.format(-Math.floor(days / 7), 'week');
  if (days < 365) return relative.format(-Math.max(1, Math.floor(days / 30.44)), 'month');
  return relative.format(-Math.floor(days / 365.25), 'year');
}

/** A change that asks first: its consequence is immediate for every app that follows the feed. */
type Confirming = 'rotate' | 'off' | null;

/**
 * "Listen in your podcast app" on /account: the member's private podcast feed. Off: what it is and
 * "Create my feed". On: what it holds (saved on change), when an app last read it, "Get a new
 * address" and "Turn off" (each confirmed). A new address is shown right after it is made, once:
 * the server keeps only a digest of it.
 */
export function PodcastFeedCard() {
  const feed = usePodcastFeed();
  const create = useNewPodcastFeedAddress();
  const saveScope = useSavePodcastFeedScope();
  const turnOff = useTurnOffPodcastFeed();
  const [address, setAddress] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const rotateId = `${useId()}-rotate`;
  const offId = `${useId()}-off`;
  const addressRef = useRef<HTMLInputElement>(null);
  const focusAddress = useRef(false);

  useEffect(() => {
    // A new address: the keyboard (and a screen reader) lands on it.
    if (!address || !focusAddress.current) return;
    focusAddress.current = false;
    addressRef.current?.focus();
  }, [address]);

  const start = () => {
    setProblem(null);
    setDone(null);
    saveScope.reset();
  };

  const ask = (what: Confirming) => {
    start();
    setConfirming(what);
  };

  const newAddress = () => {
    start();
    create.mutate(undefined, {
      onSuccess: ({ url }) => {
        setConfirming(null);
        focusAddress.current = true;
        setAddress(url);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const off = () => {
    start();
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setAddress(null);
        setDone(TURNED_OFF);
        titleRef.current?.focus();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const cancel = () => {
    const back = confirming === 'rotate' ? rotateId : offId;
    setConfirming(null);
    setProblem(null);
    // The button that asked is back after this render: the keyboard returns to it.
    window.setTimeout(() => document.getElementById(back)?.focus(), 0);
  };

  const status = feed.data;

  return (
    <section className="card podcast-feed" aria-labelledby="podcast-feed-title">
      <div className="podcast-feed__heading">
        <h2 id="podcast-feed-title" className="card__title" tabIndex={-1} ref={titleRef}>
          {FEED_TITLE}
        </h2>
        {status ? <span className={status.enabled ? 'badge badge--success' : 'badge'}>{status.enabled ? 'On' : 'Off'}</span> : null}
      </div>
      <p>
        Hear your audio summaries in any podcast app (Apple Podcasts, Pocket Casts, Overcast…): they arrive as episodes of a feed made for you alone. The
        feed&apos;s address is private, like a password: do not share it.
      </p>
      <p className="podcast-feed__note">Without Premium you can use it too: your feed holds the free books.</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {feed.isPending ? <Spinner label="Loading your podcast feed…" /> : null}
      {feed.isError ? (
        <>
          <Alert tone="warning">{errorMessage(feed.error)}</Alert>
          <Button variant="ghost" size="sm" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {status && !status.enabled ? (
        <>
          {problem ? <Alert tone="warning">{problem}</Alert> : null}
          <Button size="md" onClick={newAddress} loading={create.isPending} loadingText="Creating…">
            Create my feed
          </Button>
        </>
      ) : null}
      {status?.enabled ? (
        <>
          {address ? <NewAddress url={address} inputRef={addressRef} /> : <p className="podcast-feed__once">{SHOWN_ONCE}</p>}
          <FeedFacts feed={status} />
          <ScopeChoice
            scope={saveScope.isPending ? saveScope.variables : (status.scope as PodcastFeedScope)}
            onChange={(scope) => {
              setProblem(null);
              setDone(null);
              saveScope.mutate(scope);
            }}
          />
          {saveScope.isError ? <Alert tone="warning">{errorMessage(saveScope.error)}</Alert> : null}
          <p className="podcast-feed__saved" role="status">
            {saveScope.isSuccess ? SAVED[saveScope.variables] : ''}
          </p>
          {problem ? <Alert tone="warning">{problem}</Alert> : null}
          {confirming === null ? (
            <div className="podcast-feed__actions">
              <Button id={rotateId} variant="secondary" size="md" onClick={() => ask('rotate')}>
                Get a new address
              </Button>
              <Button id={offId} variant="ghost" size="md" onClick={() => ask('off')}>
                Turn off
              </Button>
            </div>
          ) : null}
          {confirming === 'rotate' ? (
            <Confirm
              question="Get a new address?"
              detail="The current address stops working at once: podcast apps that follow it get nothing more until you give them the new one."
              yes="Yes, get a new address"
              pendingLabel="Making a new address…"
              pending={create.isPending}
              onYes={newAddress}
              onCancel={cancel}
            />
          ) : null}
          {confirming === 'off' ? (
            <Confirm
              question="Turn off your feed?"
              detail="Its address stops working at once, in every podcast app that follows it. You can create a new feed later."
              yes="Yes, turn it off"
              pendingLabel="Turning off…"
              variant="danger"
              pending={turnOff.isPending}
              onYes={off}
              onCancel={cancel}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The address just made: read-only, with "Copy" (the clipboard, or else the text selected). */
function NewAddress({ url, inputRef }: { url: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="podcast-feed__address">
      <p>
        Your feed is ready. Copy its address into your podcast app (look for “Add by URL” or “Follow a show by URL”).{' '}
        <strong>It is shown only this once.</strong>
      </p>
      <CopyLinkField link={url} label={ADDRESS_LABEL} copyLabel="Copy" messages={{ copied: COPIED, selected: COPY_BY_HAND }} inputRef={inputRef} />
    </div>
  );
}

function FeedFacts({ feed }: { feed: PodcastFeed }) {
  return (
    <dl className="facts podcast-feed__facts">
      {feed.createdAt ? (
        <div>
          <dt>Address made</dt>
          <dd>
            <time dateTime={new Date(feed.createdAt).toISOString()}>{formatWhen(feed.createdAt)}</time>
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Last read by a podcast app</dt>
        <dd>
          {feed.lastFetchedAt ? (
            <time dateTime={new Date(feed.lastFetchedAt).toISOString()} title={formatWhen(feed.lastFetchedAt)}>
              {timeAgo(feed.lastFetchedAt)}
            </time>
          ) : (
            'Not yet'
          )}
        </dd>
      </div>
    </dl>
  );
}

function ScopeChoice({ scope, onChange }: { scope: PodcastFeedScope; onChange: (scope: PodcastFeedScope) => void }) {
  const name = useId();
  return (
    <fieldset className="podcast-feed__scopes">
      <legend className="podcast-feed__legend">What your feed holds</legend>
      {SCOPES.map((option) => (
        <label key={option.value} className="podcast-feed__scope">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={scope === option.value}
            aria-labelledby={`${name}-${option.value}`}
            aria-describedby={`${name}-${option.value}-hint`}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span id={`${name}-${option.value}`} className="podcast-feed__scope-label">
              {option.label}
            </span>
            <span id={`${name}-${option.value}-hint`} className="podcast-feed__scope-hint">
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A second step before a change that cannot be undone: the question takes the focus. */
function Confirm({
  question,
  detail,
  yes,
  pendingLabel,
  variant = 'primary',
  pending,
  onYes,
  onCancel,
}: {
  question: string;
  detail: string;
  yes: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  pending: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), []);
  return (
    <div
      className="podcast-feed__confirm"
      role="group"
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-detail`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) onCancel();
      }}
    >
      <p id={`${id}-question`} className="podcast-feed__question" tabIndex={-1} ref={focusOnMount}>
        {question}
      </p>
      <p id={`${id}-detail`}>{detail}</p>
      <div className="podcast-feed__actions">
        <Button variant={variant} size="md" loading={pending} loadingText={pendingLabel} onClick={onYes}>
          {yes}
        </Button>
        <Button variant="ghost" size="md" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
