import { ProgressBar } from '@/components/ProgressBar';

/** The upload's progress, 0 to 100%: the info colour until 100%, then the success colour (spec §9). */
export function UploadProgress({ percent }: { percent: number }) {
  const done = percent >= 100;
  return (
    <div className="upload-progress">
      <ProgressBar
        label="Upload progress"
        value={percent}
        max={100}
        valueText={`${percent}%`}
        className="upload-progress__track"
        fillClassName={done ? 'upload-progress__fill upload-progress__fill--done' : 'upload-progress__fill'}
      />
      <span className="upload-progress__text" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
