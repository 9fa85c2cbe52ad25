import { type AppContext, perApp } from '../context.ts';
import { createReviewsRepository } from './repository.ts';

/** Publishes reviews whose 14 days ended for these people (or everyone); returns how many were published. */
export type PublishDueReviews = (subjectIds?: string[]) => Promise<number>;

/**
 * Below both reviews and discovery: the ratings that discovery ranks by change when reviews are published,
 * so discovery publishes what is due before reading them, without depending on the reviews service.
 */
export const reviewPublishingOf = perApp((ctx: AppContext): PublishDueReviews => {
  const repo = createReviewsRepository(ctx.db);
  return (subjectIds) => repo.publishDue(new Date(ctx.now()), subjectIds ? { subjectIds } : {});
});
