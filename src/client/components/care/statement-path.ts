/** The address of a carer's monthly statement; month as YYYY-MM. */
export function statementPath(carerId: string, month: string): string {
  return `/deliveries/statement/${encodeURIComponent(carerId)}/${month}`;
}
