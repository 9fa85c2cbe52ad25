import { paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { experienceQuery } from '../api/get-experience.ts';
import { defaultCurrency, draftFromExperience, emptyDraft } from '../experience-draft.ts';
import { ExperienceEditor } from './experience-editor.tsx';

function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-5 pt-5" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the experience
      </span>
      <Skeleton className="h-10 w-64" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <Skeleton className="h-[32rem] rounded-card" />
        <Skeleton className="hidden h-96 rounded-card lg:block" />
      </div>
    </div>
  );
}

type Props = {
  /** 'new' for an experience not saved yet. */
  experienceId: string;
  /** The guide's own currency, preselected for a new experience; undefined while it loads. */
  localeCurrency: { pending: boolean; currency: string | undefined };
};

/** Opens the editor on a new draft or on a saved experience, with its loading and error states. */
export function EditorScreen({ experienceId, localeCurrency }: Props) {
  const isNew = experienceId === 'new';
  const one = useQuery({ ...experienceQuery(experienceId), enabled: !isNew });

  if (isNew) {
    if (localeCurrency.pending) return <Loading />;
    return (
      <ExperienceEditor
        key="new"
        experience={null}
        initial={emptyDraft(defaultCurrency(localeCurrency.currency))}
      />
    );
  }
  if (one.isPending) return <Loading />;
  if (one.isError) {
    return (
      <main className="mx-auto max-w-xl px-5 pt-16 text-center">
        <h1 className="text-3xl">This experience could not be opened</h1>
        <p className="mt-3 text-danger" role="alert">
          {one.error.message}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button variant="outline" onClick={() => one.refetch()}>
            Retry
          </Button>
          <Link to={paths.guide.experiences} className={buttonClass('primary', 'md')}>
            Back to my experiences
          </Link>
        </div>
      </main>
    );
  }
  return <ExperienceEditor key={one.data.id} experience={one.data} initial={draftFromExperience(one.data)} />;
}
