/**
 * Initials: first letter of each word, upper-cased (SPEC §9), at most `max` letters (the frame's
 * small avatar has room for two, the larger ones for three).
 */
export function initialsOf(name: string, max = 3): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, max);
}
