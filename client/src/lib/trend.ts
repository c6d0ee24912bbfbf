/** 'rise' | 'fall' | 'flat' from a signed decimal string. */
export function trendOf(changeRate: string | null | undefined): 'rise' | 'fall' | 'flat' {
  if (!changeRate) return 'flat';
  const value = Number(changeRate);
  return value > 0 ? 'rise' : value < 0 ? 'fall' : 'flat';
}
