// British short month names, as `toLocaleDateString('en-GB', { month: 'short' })` writes them.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * "23 Nov 2026": review dates and deadlines read the same everywhere. Written by hand rather than with
 * `toLocaleDateString`: the first use of the browser's internationalisation library costs 40–150 ms of main
 * thread, which the guide and experience pages would pay for their review list (decision 042).
 */
export function formatReviewDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
