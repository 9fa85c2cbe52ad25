// Cards show at most `max` tags and summarise the rest as '+N' (docs/product.md#open-screens).
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: string | null } {
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return { shown, more: rest > 0 ? `+${rest}` : null };
}

// Sample cards build profileId from the lowercase name and age.
export function sampleProfileId(name: string, age: number): string {
  return `${name.toLowerCase().replace(/\s+/g, '-')}-${age}`;
}
