import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawnWhole, useFirstAnswer } from './drawn-whole';

type Status = 'pending' | 'error' | 'success';
type FetchStatus = 'fetching' | 'paused' | 'idle';

function Section({ name, status, fetchStatus = status === 'pending' ? 'fetching' : 'idle' }: { name: string; status: Status; fetchStatus?: FetchStatus }) {
  useFirstAnswer({ status, fetchStatus });
  return <p>{name}</p>;
}

function Overview({ alerts, counters, notAsked = 'pending' }: { alerts: Status; counters: Status; notAsked?: Status }) {
  return (
    <DrawnWhole waiting={<p>Loading dashboard data...</p>}>
      <Section name="From carers" status={alerts} />
      <Section name="Counters" status={counters} />
      {/* A query the role may not ask: pending for ever, and never asked. */}
      <Section name="Not asked" status={notAsked} fetchStatus="idle" />
    </DrawnWhole>
  );
}

const shown = (name: string) => screen.getByText(name).closest('[hidden]') === null;

describe('DrawnWhole', () => {
  it('shows nothing of its sections until the last has its first answer, then all at once', () => {
    const { rerender } = render(<Overview alerts="pending" counters="pending" />);
    expect(screen.getByText('Loading dashboard data...')).toBeVisible();
    expect(shown('From carers')).toBe(false);

    rerender(<Overview alerts="pending" counters="success" />);
    expect(shown('Counters')).toBe(false);
    expect(screen.getByText('Loading dashboard data...')).toBeVisible();

    rerender(<Overview alerts="success" counters="success" />);
    expect(shown('From carers')).toBe(true);
    expect(shown('Counters')).toBe(true);
    expect(screen.queryByText('Loading dashboard data...')).toBeNull();
  });

  it('counts a failed first load as answered (its section says so), and stays drawn through refreshes', () => {
    const { rerender } = render(<Overview alerts="error" counters="pending" />);
    expect(shown('From carers')).toBe(false);
    rerender(<Overview alerts="error" counters="success" />);
    expect(shown('Counters')).toBe(true);
    // A refresh that finds the query pending again (a reset) does not hide the overview.
    rerender(<Overview alerts="pending" counters="success" />);
    expect(shown('From carers')).toBe(true);
  });

  it('draws at once when everything is already answered, as on a return to the screen', () => {
    render(<Overview alerts="success" counters="success" />);
    expect(shown('Counters')).toBe(true);
    expect(screen.queryByText('Loading dashboard data...')).toBeNull();
  });
});
