import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { afterContentChange } from '../api/content';
import { uploadGoalPhoto, useGoal, type GoalSlot } from '../api/goals';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { CurrentFile, UploadPanel } from '../components/UploadPanel';

const TITLES: Record<GoalSlot, string> = { photo: 'Goal photo', featured: 'Goal featured photo' };

/** /admin/goals/photo/{id} and /admin/goals/featured-photo/{id}: one picture, with progress. */
export default function GoalUpload({ slot }: { slot: GoalSlot }) {
  const id = Number(useParams().id);
  const title = TITLES[slot];
  useDocumentTitle(`${title} of goal #${id}`);
  const goal = useGoal(id);
  const queryClient = useQueryClient();
  const what = slot === 'photo' ? 'photo' : 'featured photo';

  return (
    <>
      <PageHeader back={{ to: '/admin/goals', label: 'Goals' }} title={title} lead={goal.data ? `For “${goal.data.title}” (#${id}).` : undefined} />
      {goal.isError ? <QueryError error={goal.error} /> : null}
      {goal.isPending ? <Spinner label="Loading the goal…" /> : null}
      {goal.data ? (
        <UploadPanel
          label={slot === 'photo' ? 'Photo file' : 'Featured photo file'}
          accept="image/*"
          send={async (file, options) => {
            const result = await uploadGoalPhoto(slot, id, file, options);
            await afterContentChange(queryClient, 'goals', result.goal);
            return result.message;
          }}
          current={
            <CurrentFile
              url={slot === 'photo' ? goal.data.photoUrl : goal.data.photov2Url}
              kind="image"
              name={`Current ${what} of ${goal.data.title}`}
              noneText={`This goal has no ${what} yet.`}
            />
          }
        />
      ) : null}
    </>
  );
}
