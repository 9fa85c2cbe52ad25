import { EXPERIENCE_LIMITS } from '@lokal/shared/constants/experiences';
import { experienceEditorPath, paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, Compass, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { myExperiencesQuery } from '../api/get-my-experiences.ts';
import { useStatusChange } from '../hooks/use-status-change.ts';
import { ExperienceCard } from './experience-card.tsx';

/** The guide's experiences: drafts, published and paused, with publish and pause (docs/product.md#experiences). */
export function ExperiencesScreen() {
  const list = useQuery(myExperiencesQuery);
  const status = useStatusChange();
  const full = (list.data?.length ?? 0) >= EXPERIENCE_LIMITS.perGuideMax;
  const newLink = (size: 'sm' | 'md') => (
    <Link
      to={experienceEditorPath('new')}
      className={buttonClass('primary', size)}
      aria-disabled={full || undefined}
      onClick={(e) => full && e.preventDefault()}
    >
      <Plus className="h-4 w-4" aria-hidden /> New experience
    </Link>
  );

  return (
    <div className="pb-28 lg:pb-12">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-5 pt-5">
        <Link
          to={paths.guide.home}
          className={buttonClass('ghost', 'icon', '-ml-2')}
          aria-label="Back to home"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <h1 className="text-3xl">My experiences</h1>
        <div className="ml-auto hidden gap-2 sm:flex">
          <Link to={paths.guide.availability} className={buttonClass('outline', 'md')}>
            <CalendarClock className="h-4 w-4" aria-hidden /> Availability
          </Link>
          {newLink('md')}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-5">
        <p className="mt-1 max-w-2xl text-muted">
          What travellers can book with you. Drafts stay private until you publish them; your weekly hours
          decide when each can be booked.
        </p>
        <div className="mt-4 flex flex-wrap gap-2 sm:hidden">
          {newLink('sm')}
          <Link to={paths.guide.availability} className={buttonClass('outline', 'sm')}>
            <CalendarClock className="h-4 w-4" aria-hidden /> Availability
          </Link>
        </div>
        {full ? (
          <p className="mt-3 text-sm text-muted">
            You have {EXPERIENCE_LIMITS.perGuideMax} experiences, the most a guide can hold. Remove one to add
            another.
          </p>
        ) : null}

        <section aria-label="Your experiences" aria-busy={list.isPending} className="mt-6">
          {list.isPending ? (
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-80 rounded-card" />
              ))}
              <span className="sr-only" role="status">
                Loading your experiences
              </span>
            </div>
          ) : null}
          {list.isError ? (
            <div className="rounded-card border border-line bg-white p-8 text-center">
              <p className="text-danger" role="alert">
                {list.error.message}
              </p>
              <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
                Retry
              </Button>
            </div>
          ) : null}
          {list.data?.length === 0 ? (
            <div className="rounded-card border border-line bg-white p-10 text-center">
              <Compass className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
              <h2 className="mt-3 text-2xl">No experiences yet</h2>
              <p className="mx-auto mt-2 max-w-md text-muted">
                Describe a tour you love to give: a title, a price, how long it takes and where you meet. Then
                set your weekly hours and publish it.
              </p>
              <Link to={experienceEditorPath('new')} className={buttonClass('primary', 'md', 'mt-5')}>
                <Plus className="h-4 w-4" aria-hidden /> Start a draft
              </Link>
            </div>
          ) : null}
          {list.data?.length ? (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.map((e) => (
                <li key={e.id} className="flex">
                  <ExperienceCard
                    experience={e}
                    busy={status.pendingId === e.id}
                    onStatus={(next) => status.change(e.id, next)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </main>
    </div>
  );
}
