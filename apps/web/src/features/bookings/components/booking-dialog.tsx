import type { ExperienceCard } from '@lokal/shared/schemas/experiences';
import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { experienceQuery } from '../api/get-experience.ts';
import { guideExperiencesQuery } from '../api/get-guide-experiences.ts';
import { zoneInWords } from '../format.ts';
import { BookingForm } from './booking-form.tsx';
import { ExperienceChoice } from './experience-choice.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guideId: string;
  guideName: string;
};

// A full-screen sheet on a phone, a centred dialog from the sm breakpoint on.
const SHEET =
  'sm:max-w-lg max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:p-5';

/**
 * A tourist books one of the guide's published experiences from the conversation: the experience, then a day
 * and one of its slots in the guide's city time, the party and a note (docs/product.md#bookings).
 */
export function BookingDialog({ open, onOpenChange, guideId, guideName }: Props) {
  const experiences = useQuery({ ...guideExperiencesQuery(guideId), enabled: open });
  const [chosen, setChosen] = useState<ExperienceCard | null>(null);
  const full = useQuery({ ...experienceQuery(chosen?.id ?? ''), enabled: chosen !== null });
  const first = guideName.split(' ')[0] ?? guideName;

  const description = chosen
    ? full.data
      ? `Times are ${zoneInWords(full.data.city, full.data.timeZone)}.`
      : 'Choose a day and a time.'
    : `Choose one of ${first}’s experiences.`;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Book ${first}`}
      description={description}
      className={SHEET}
    >
      {chosen ? (
        <BookingForm
          key={chosen.id}
          card={chosen}
          guideFirstName={first}
          onBack={() => setChosen(null)}
          onBooked={() => {
            setChosen(null);
            onOpenChange(false);
          }}
        />
      ) : (
        <>
          {experiences.isPending ? (
            <div className="mt-5 space-y-2" aria-label="Loading experiences" aria-busy="true" role="status">
              <Skeleton className="h-22" />
              <Skeleton className="h-22" />
            </div>
          ) : null}
          {experiences.isError ? (
            <div className="mt-5 rounded-xl border border-line bg-white p-5 text-center">
              <p role="alert" className="text-danger">
                {experiences.error.message}
              </p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => experiences.refetch()}>
                Retry
              </Button>
            </div>
          ) : null}
          {experiences.data?.length === 0 ? (
            <div className="mt-5 rounded-xl border border-line bg-white p-6 text-center">
              <CalendarX className="mx-auto h-8 w-8 text-gold-deep" aria-hidden />
              <p className="mt-2 font-medium">{first} has no experiences open for booking yet.</p>
              <p className="mt-1 text-sm text-muted">Ask in the chat what {first} could offer.</p>
            </div>
          ) : null}
          {experiences.data?.length ? (
            <ExperienceChoice experiences={experiences.data} onChoose={setChosen} />
          ) : null}
        </>
      )}
    </Dialog>
  );
}
