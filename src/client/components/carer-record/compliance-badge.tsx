import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import { COMPLIANCE_STATUSES, type Compliance, type ComplianceStatus } from '@/shared/compliance';

const VARIANT = {
  Compliant: 'secondary',
  'Expiring soon': 'warning',
  'Not compliant': 'destructive',
} as const satisfies Record<ComplianceStatus, 'secondary' | 'warning' | 'destructive'>;

const TONE: Partial<Record<ComplianceStatus, string>> = { Compliant: 'bg-green-100 text-green-900' };

/**
 * Whether a carer may be given care: green Compliant, amber Expiring soon, red Not compliant. The reasons
 * are its tooltip and are read out with it.
 */
export function ComplianceBadge({ compliance }: { compliance: Compliance }) {
  const why = compliance.reasons.join('; ');
  return (
    <Badge variant={VARIANT[compliance.status]} className={TONE[compliance.status]} title={why || undefined}>
      {compliance.status}
      {why && <span className="sr-only">: {why}</span>}
    </Badge>
  );
}

/** "Not compliant: DBS re-check was due on 3 March 2026; …", as lists filter and export it. */
function complianceText({ status, reasons }: Compliance): string {
  return reasons.length ? `${status}: ${reasons.join('; ')}` : status;
}

/**
 * The Compliance column of a carer list: the badge, filtered and exported as its words with the reasons,
 * Not compliant first when sorted up (who needs chasing). A key field of the card on a phone, with the
 * reasons written out there (the badge reads them out already, hence aria-hidden).
 */
export function complianceColumn<T extends { compliance: Compliance }>(): ListColumn<T> {
  return {
    id: 'compliance',
    header: 'Compliance',
    value: (c) => complianceText(c.compliance),
    sortValue: (c) => COMPLIANCE_STATUSES.length - COMPLIANCE_STATUSES.indexOf(c.compliance.status),
    cell: (c) => <ComplianceBadge compliance={c.compliance} />,
    card: 'key',
    cardCell: (c) => (
      <>
        <ComplianceBadge compliance={c.compliance} />
        {c.compliance.reasons.length > 0 && (
          <span aria-hidden className="mt-1 block text-xs text-muted-foreground">
            {c.compliance.reasons.join('; ')}
          </span>
        )}
      </>
    ),
  };
}
