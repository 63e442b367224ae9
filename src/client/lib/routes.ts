/** A carer's month of delivered care: the router's pattern, and the address of one month (YYYY-MM). */
export const STATEMENT_ROUTE = 'deliveries/statement/:carerId/:month';

export function statementPath(carerId: string, month: string): string {
  return `/deliveries/statement/${encodeURIComponent(carerId)}/${month}`;
}
