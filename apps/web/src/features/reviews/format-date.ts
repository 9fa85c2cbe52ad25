/** "23 Nov 2026": review dates and deadlines read the same everywhere. */
export function formatReviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
