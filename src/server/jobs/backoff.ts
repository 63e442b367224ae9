/** Seconds to wait before the next try after `attempt` failed tries: the first delay, doubled each time, at most an hour. */
export function backoffSeconds(firstDelaySeconds: number, attempt: number): number {
  return Math.min(3600, firstDelaySeconds * 2 ** Math.max(0, attempt - 1));
}
