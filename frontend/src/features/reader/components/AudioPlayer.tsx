import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatTime, nextSpeed, speedLabel } from '../audio';
import { ReaderIcon } from './ReaderIcon';
import './audio-player.css';

export type PlayerState = 'stopped' | 'playing' | 'paused';

const SEEK_STEP = 5;
const SEEK_PAGE = 30;

interface AudioPlayerProps {
  src: string;
  title: string;
  /** Called once, the first time playback starts (issue 4: position save). */
  onFirstPlay?: () => void;
  /** The length the server read from the file, shown until the file's own metadata arrives. */
  knownSeconds?: number | null;
}

/**
 * The summary's audio: play/pause (paused, playing, stopped; the end resets to 0 and stops), a
 * speed button (1 → 1.25 → … → 2 → 0.5 → 0.75 → 1), elapsed/duration and a seek bar that works
 * with a click or the keyboard. Audio failures are only logged (spec §8).
 */
export function AudioPlayer({ src, title, onFirstPlay, knownSeconds }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PlayerState>('stopped');
  const [speed, setSpeed] = useState(1);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(knownSeconds ?? 0);
  // A length the file does not give yet (NaN, Infinity while streaming) keeps the one known.
  const takeDuration = (seconds: number) => setDuration((was) => (Number.isFinite(seconds) && seconds > 0 ? seconds : was));
  const played = useRef(false);

  const known = Number.isFinite(duration) && duration > 0;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
  }, [speed]);

  const markPlaying = useCallback(() => {
    setState('playing');
    if (!played.current) {
      played.current = true;
      onFirstPlay?.();
    }
  }, [onFirstPlay]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (state === 'playing') {
      audio.pause();
      setState('paused');
      return;
    }
    try {
      // Older browsers return undefined instead of a promise.
      const started = audio.play() as Promise<void> | undefined;
      if (started && typeof started.then === 'function') {
        started.then(markPlaying, (error: unknown) => {
          console.error('Audio could not start', error);
          setState(audio.currentTime > 0 ? 'paused' : 'stopped');
        });
      } else {
        markPlaying();
      }
    } catch (error) {
      console.error('Audio could not start', error);
    }
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !known) return;
    const target = Math.min(Math.max(seconds, 0), duration);
    audio.currentTime = target;
    setCurrent(target);
  };

  const onBarClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (!known || rect.width <= 0) return;
    const fraction = Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1);
    seekTo(fraction * duration);
  };

  const onBarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - SEEK_STEP,
      ArrowDown: current - SEEK_STEP,
      ArrowRight: current + SEEK_STEP,
      ArrowUp: current + SEEK_STEP,
      PageDown: current - SEEK_PAGE,
      PageUp: current + SEEK_PAGE,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    // The reader's own arrow keys (sections) must not fire as well.
    event.preventDefault();
    event.stopPropagation();
    seekTo(target);
  };

  const percent = known ? Math.min(100, (current / duration) * 100) : 0;
  const playing = state === 'playing';

  return (
    <section className="audio-player" aria-label={`Audio summary of ${title}`} data-state={state}>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const audio = event.currentTarget;
          takeDuration(audio.duration);
          audio.playbackRate = speed;
        }}
        onDurationChange={(event) => takeDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onPlay={markPlaying}
        onPause={(event) => {
          if (!event.currentTarget.ended) setState('paused');
        }}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          setCurrent(0);
          setState('stopped');
        }}
        onError={(event) => console.error('Audio failed to load', event.currentTarget.error)}
      />
      <button type="button" className="audio-player__play" aria-label={playing ? 'Pause audio' : 'Play audio'} onClick={toggle}>
        <ReaderIcon name={playing ? 'pause' : 'play'} />
      </button>
      <div className="audio-player__track">
        <div
          className="audio-player__bar"
          role="slider"
          tabIndex={0}
          aria-label="Seek"
          aria-valuemin={0}
          aria-valuemax={Math.floor(known ? duration : 0)}
          aria-valuenow={Math.floor(current)}
          aria-valuetext={`${formatTime(current)} of ${formatTime(known ? duration : 0)}`}
          aria-disabled={known ? undefined : true}
          onClick={onBarClick}
          onKeyDown={onBarKeyDown}
        >
          <span className="audio-player__fill" style={{ width: `${percent}%` }} />
          <span className="audio-player__thumb" style={{ left: `${percent}%` }} />
        </div>
        <p className="audio-player__time">
          <span>{formatTime(current)}</span>
          <span aria-hidden="true"> / </span>
          <span className="visually-hidden"> of </span>
          <span>{formatTime(known ? duration : Number.NaN)}</span>
          <span className="visually-hidden">{state === 'stopped' ? ' (stopped)' : playing ? ' (playing)' : ' (paused)'}</span>
        </p>
      </div>
      <button type="button" className="audio-player__speed" aria-label={`Playback speed ${speedLabel(speed)}`} onClick={() => setSpeed(nextSpeed)}>
        {speedLabel(speed)}
      </button>
    </section>
  );
}
