/**
 * Row selection kept in the order the user picked the rows (labels print in that order): ids still
 * selected keep their place, newly selected ones are appended in the order given.
 */
export function nextSelection(previous: readonly string[], selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  const kept = previous.filter((id) => chosen.has(id));
  const known = new Set(kept);
  return [...kept, ...selected.filter((id) => !known.has(id))];
}
