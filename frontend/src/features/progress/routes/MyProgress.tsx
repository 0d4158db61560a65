import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Breadcrumb } from '@/components/Breadcrumb';
import { ProgressBar } from '@/components/ProgressBar';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { ProgressResult } from '../api/types';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useProgress } from '../api/get-progress';
import '../progress.css';

/** Spec member-app §8 "Progress load failure". */
export const PROGRESS_LOAD_ERROR = 'There was an error processing your request. Please try again later.';

/** /my-progress (signed-in only) */
export default function MyProgressRoute() {
  return (
    <ProtectedRoute>
      <MyProgress />
    </ProtectedRoute>
  );
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** Books completed, XP, streaks, level progress, achievements, skills, and an upgrade card for unpaid members. */
function MyProgress() {
  useDocumentTitle('My Progress');
  const progress = useProgress();

  useEffect(() => {
    if (progress.error) console.error('Could not load the progress', progress.error);
  }, [progress.error]);

  return (
    <div className="page my-progress">
      <Breadcrumb items={[{ label: 'Home', to: '/home' }, { label: 'My Progress' }]} />
      <header className="page__header">
        <h1 className="page__title">My Progress</h1>
        <p className="page__lead">Finish summaries to earn XP, keep your streak and acquire skills.</p>
      </header>
      {progress.isPending ? <Spinner label="Loading your progress…" /> : null}
      {progress.isError ? <Alert tone="error">{PROGRESS_LOAD_ERROR}</Alert> : null}
      {progress.data ? <ProgressReport data={progress.data} /> : null}
    </div>
  );
}

function ProgressReport({ data }: { data: ProgressResult }) {
  return (
    <div className="my-progress__grid">
      <section className="card my-progress__figures" aria-labelledby="progress-figures-title">
        <h2 id="progress-figures-title" className="card__title">
          Your figures
        </h2>
        <dl className="progress-figures">
          <div>
            <dt>Books completed</dt>
            <dd>{data.numCompleted}</dd>
          </div>
          <div>
            <dt>XP</dt>
            <dd>{data.xp}</dd>
          </div>
          <div>
            <dt>Current streak</dt>
            <dd>{days(data.streaks.currentStreak)}</dd>
          </div>
          <div>
            <dt>Best streak</dt>
            <dd>{days(data.streaks.bestStreak)}</dd>
          </div>
        </dl>
      </section>

      <LevelCard data={data} />

      <section className="card" aria-labelledby="progress-awards-title">
        <h2 id="progress-awards-title" className="card__title">
          Achievements
        </h2>
        <ul className="progress-awards">
          {data.awards.map((award) => (
            <li key={award.name} className={award.earned ? 'progress-award progress-award--earned' : 'progress-award'}>
              <span className="progress-award__medal" aria-hidden="true">
                {award.earned ? '★' : '☆'}
              </span>
              <span className="progress-award__name">{award.name}</span>
              <span className="progress-award__xp">{award.xp} XP</span>
              <span className="progress-award__state">{award.earned ? 'Earned' : 'Not yet'}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="progress-skills-title">
        <h2 id="progress-skills-title" className="card__title">
          Skills acquired
        </h2>
        {data.skills.length === 0 ? (
          <p className="progress-skills__empty">Each category is a skill: finish 10 summaries of a category to acquire it.</p>
        ) : (
          <ul className="progress-skills">
            {data.skills.map((skill) => (
              <li key={skill.name} className={skill.acquired ? 'progress-skill progress-skill--acquired' : 'progress-skill'}>
                <div className="progress-skill__head">
                  <span className="progress-skill__name">{skill.name}</span>
                  <span className="progress-skill__count">
                    {skill.completed} of {skill.target}
                  </span>
                  {skill.acquired ? <span className="badge badge--success">Acquired</span> : null}
                </div>
                <ProgressBar
                  className="progress-bar progress-bar--small"
                  fillClassName="progress-bar__fill"
                  label={skill.name}
                  value={Math.min(skill.completed, skill.target)}
                  max={skill.target}
                  valueText={`${skill.completed} of ${skill.target} summaries${skill.acquired ? ', acquired' : ''}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {!data.isPaid ? (
        <section className="card progress-upgrade" aria-labelledby="progress-upgrade-title">
          <h2 id="progress-upgrade-title" className="card__title">
            Read without limits
          </h2>
          <p>Premium members read and listen to every summary, with the videos and visual summaries too.</p>
          <Link className="btn btn--primary btn--md" to="/try">
            Upgrade to Premium
          </Link>
        </section>
      ) : null}
    </div>
  );
}

/** The way to the next award, as a progress bar; "All awards earned" at the top. */
function LevelCard({ data }: { data: ProgressResult }) {
  const { level } = data;
  const percent = Math.min(Math.max(Math.round(level.percent), 0), 100);
  return (
    <section className="card" aria-labelledby="progress-level-title">
      <h2 id="progress-level-title" className="card__title">
        Level
      </h2>
      <p className="progress-level__current">{level.current ? `Current award: ${level.current}` : 'No award yet'}</p>
      {level.next ? (
        <>
          <ProgressBar
            className="progress-bar"
            fillClassName="progress-bar__fill"
            label={`Progress to ${level.next}`}
            value={percent}
            max={100}
            valueText={`${percent}%, ${level.xpToNext} XP to ${level.next}`}
          />
          <p className="progress-level__next">
            {level.xpToNext} XP to {level.next}
            {level.nextXp !== null ? <span className="progress-level__target"> ({level.nextXp} XP)</span> : null}
          </p>
        </>
      ) : (
        <p className="progress-level__next">All awards earned</p>
      )}
    </section>
  );
}
