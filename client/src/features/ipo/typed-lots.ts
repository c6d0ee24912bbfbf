/**
 * The lots a user typed when they are a whole number within the listing's minimum..maximum;
 * null otherwise (empty, fractional, too few, too many): the form shows the range and sends nothing.
 */
export function lotsInRange(
  typed: number | null | undefined,
  limits: { readonly min_lots: number; readonly max_lots: number },
): number | null {
  if (typed === null || typed === undefined || !Number.isInteger(typed)) return null;
  return typed >= limits.min_lots && typed <= limits.max_lots ? typed : null;
}
