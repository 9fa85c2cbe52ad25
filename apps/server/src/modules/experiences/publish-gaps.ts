import { EXPERIENCE_LIMITS } from '@lokal/shared/constants/experiences';
import { emptyWeek, type WeeklySchedule } from '@lokal/shared/domain/slots';
import type { ExperienceRow, ExperiencesRepository } from './repository.ts';

/** What an experience still lacks before it can be published (docs/product.md#experiences), in words. */
export async function publishGaps(repo: ExperiencesRepository, e: ExperienceRow): Promise<string[]> {
  const problems: string[] = [];
  if (e.title.trim().length < EXPERIENCE_LIMITS.titleMin) problems.push('a title');
  if (e.price <= 0) problems.push('a price');
  if (!e.durationMinutes) problems.push('a duration');
  if (!e.meetingAddress.trim()) problems.push('a meeting point');
  // Three real photos (decision 090): a traveller decides by them.
  const photoCount = (await repo.photosOf(e.id)).length;
  if (photoCount < EXPERIENCE_LIMITS.photosToPublish)
    problems.push(`at least ${EXPERIENCE_LIMITS.photosToPublish} photos (${photoCount} so far)`);
  const { rules } = await repo.availability(e.guideId);
  const weekly = (rules?.weekly as WeeklySchedule | undefined) ?? emptyWeek();
  if (!Object.values(weekly).some((ranges) => ranges.length > 0))
    problems.push('at least one weekly time range (Availability)');
  return problems;
}
