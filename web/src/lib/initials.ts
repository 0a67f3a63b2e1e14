/**
 * A person's initials, the one rule every avatar uses (SPEC §9: the first letter of each word,
 * upper-cased), at most three letters: "Dr. Priya Patel" is "DPP" in the frame, the menus and the
 * administrator's lists alike.
 */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);
}
