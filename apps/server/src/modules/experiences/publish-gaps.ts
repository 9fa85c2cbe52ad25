import { EXPERIENCE_LIMITS, EXPERIENCE_MESSAGES } from '@lokal/shared/constants/experiences';
import { emptyWeek, type WeeklySchedule } from '@lokal/shared/domain/slots';
import type { ExperienceRow, ExperiencesRepository } from './repository.ts';

/**
 * What an experience still lacks before it can be published (docs/product.md#experiences), in words.
 * `profilePhoto` asks too for the guide's own profile photo: publishing does; keeping a published experience
 * complete while it is edited does not, since an edit cannot take the photo away (and the demo guides, written by
 * the seed with illustrated portraits, keep editing theirs: decision 090).
 */
export async function publishGaps(
  repo: ExperiencesRepository,
  e: ExperienceRow,
  { profilePhoto }: { profilePhoto: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  if (e.title.trim().length < EXPERIENCE_LIMITS.titleMin) problems.push('a title');
  if (e.price <= 0) problems.push('a price');
  if (!e.durationMinutes) problems.push('a duration');
  if (!e.meetingAddress.trim()) problems.push('a meeting point');
  // Three real photos (decision 090): a traveller decides by them.
  const [photos, { rules }, ownPhoto] = await Promise.all([
    repo.photosOf(e.id),
    repo.availability(e.guideId),
    profilePhoto ? repo.hasOwnPhoto(e.guideId) : true,
  ]);
  if (photos.length < EXPERIENCE_LIMITS.photosToPublish)
    problems.push(`at least ${EXPERIENCE_LIMITS.photosToPublish} photos (${photos.length} so far)`);
  // A face of the guide's own, not the drawn portrait (decision 090): the one test is `ownPhoto`.
  if (!ownPhoto) problems.push(EXPERIENCE_MESSAGES.needsProfilePhoto);
  const weekly = (rules?.weekly as WeeklySchedule | undefined) ?? emptyWeek();
  if (!Object.values(weekly).some((ranges) => ranges.length > 0))
    problems.push(EXPERIENCE_MESSAGES.needsHours);
  return problems;
}
