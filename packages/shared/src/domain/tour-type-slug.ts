/** The file name of a tour type's landing picture: "Food & Dining" → "food-dining" (apps/web/public/tour-types/). */
export function tourTypeSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
