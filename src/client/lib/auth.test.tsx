import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from './auth-client';
import { AuthProvider, useAuth } from './auth';

function SessionStatus() {
  return <p>{useAuth().session.status}</p>;
}

/** A signed-in client whose idle check answers as told. */
function clientIdle(idle: { now: boolean }) {
  const user = { givenName: 'Ann', familyName: 'Lee', email: 'ann@example.org', role: 'Admin' };
  return {
    onSessionChange: () => () => {},
    onSignInFailure: () => () => {},
    cancelInFlight: async () => {},
    getSession: async () => user,
    signOutIfIdle: vi.fn(async () => idle.now),
    noteActivity: vi.fn(async () => {}),
  };
}

async function renderSignedIn(client: ReturnType<typeof clientIdle>, onSignedOut = () => {}) {
  render(
    <AuthProvider client={client as unknown as AuthClient} onSignedOut={onSignedOut}>
      <SessionStatus />
    </AuthProvider>,
  );
  await act(async () => {});
  expect(screen.getByText('signed-in')).toBeInTheDocument();
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => vi.useRealTimers());

describe('signing out an idle session', () => {
  it('counts the user’s own activity, after checking the session has not gone idle', async () => {
    const client = clientIdle({ now: false });
    await renderSignedIn(client);
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => {});
    expect(client.signOutIfIdle).toHaveBeenCalled();
    expect(client.noteActivity).toHaveBeenCalledTimes(1);
  });

  it('checks on a timer and when the user comes back to the tab, clearing local data when it signs out', async () => {
    const idle = { now: false };
    const client = clientIdle(idle);
    const onSignedOut = vi.fn();
    await renderSignedIn(client, onSignedOut);
    const checks = client.signOutIfIdle.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(client.signOutIfIdle).toHaveBeenCalledTimes(checks + 1);
    expect(client.signOutIfIdle).toHaveBeenLastCalledWith(onSignedOut);

    idle.now = true;
    fireEvent(document, new Event('visibilitychange'));
    await act(async () => {});
    expect(client.signOutIfIdle).toHaveBeenCalledTimes(checks + 2);
    // Gone idle: the return to the tab is not counted as activity.
    expect(client.noteActivity).not.toHaveBeenCalled();
  });

  it('does not resume a session found idle when the app starts', async () => {
    const client = clientIdle({ now: true });
    render(
      <AuthProvider client={client as unknown as AuthClient}>
        <SessionStatus />
      </AuthProvider>,
    );
    await act(async () => {});
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(client.signOutIfIdle).toHaveBeenCalledWith();
  });
});
