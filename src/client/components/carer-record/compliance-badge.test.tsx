import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Compliance } from '@/shared/compliance';
import { ComplianceBadge, complianceColumn } from './compliance-badge';

/** The compliance column's value: its words as a list filters and exports them. */
const complianceText = (compliance: Compliance) => complianceColumn<{ compliance: Compliance }>().value({ compliance });

const lapsed = { status: 'Not compliant', reasons: ['DBS re-check was due on 3 March 2026', 'No First Aid training on record'] } as const;

describe('ComplianceBadge', () => {
  it('names the status, with the reasons as its tooltip and read out with it', () => {
    render(<ComplianceBadge compliance={{ ...lapsed, reasons: [...lapsed.reasons] }} />);
    const badge = screen.getByText('Not compliant', { exact: false });
    expect(badge).toHaveAttribute('title', 'DBS re-check was due on 3 March 2026; No First Aid training on record');
    expect(badge).toHaveTextContent('Not compliant: DBS re-check was due on 3 March 2026; No First Aid training on record');
  });

  it('has no tooltip when compliant', () => {
    render(<ComplianceBadge compliance={{ status: 'Compliant', reasons: [] }} />);
    expect(screen.getByText('Compliant')).not.toHaveAttribute('title');
  });

  it('reads as the list filters and exports it', () => {
    expect(complianceText({ ...lapsed, reasons: [...lapsed.reasons] })).toBe('Not compliant: DBS re-check was due on 3 March 2026; No First Aid training on record');
    expect(complianceText({ status: 'Compliant', reasons: [] })).toBe('Compliant');
  });

  it('writes the reasons out on a phone card, where there are no tooltips', () => {
    const column = complianceColumn<{ compliance: Compliance }>();
    render(<>{column.cardCell!({ compliance: { ...lapsed, reasons: [...lapsed.reasons] } })}</>);
    expect(screen.getByText('DBS re-check was due on 3 March 2026; No First Aid training on record')).toBeVisible();
  });
});
