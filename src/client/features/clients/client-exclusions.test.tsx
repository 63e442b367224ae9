import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/client/lib/auth';
import { SignedIn } from '@/client/test/signed-in';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';
import { ClientExclusions } from './client-exclusions';

const MARY = { carerId: 'm1', carerName: 'Mary Pike', reason: 'Argued at MAG', createdAt: '2026-03-02T10:00:00.000Z', createdBy: 'coord@valecare.test' };

function carer(id: string, name: string) {
  return {
    id,
    archived: 'N',
    version: 1,
    dateOfBirth: '',
    dbsExpiry: '2099-12-31',
    publicLiabilityExpiry: '2099-12-31',
    compliance: { status: 'Compliant', reasons: [] },
    details: { name, address: { locality: 'Milverton' } },
  };
}

/** Says when the session is known, so a test can tell "shows no controls" from "not signed in yet". */
function SessionProbe() {
  const { session } = useAuth();
  return session.status === 'signed-in' ? <p>Signed in as {session.user.role}</p> : null;
}

/** What the server answers, by procedure path; a function answers from the input. */
function renderAs(role: Role, answers: Record<string, unknown> = {}) {
  const sent: { path: string; input: unknown }[] = [];
  const all: Record<string, unknown> = {
    'mps.getAllNotArchived': [carer('m1', 'Mary Pike'), carer('m2', 'Alan Bell')],
    'volunteers.getAllNotArchived': [carer('v1', 'Vic Lane')],
    'packages.getAllNotEndedYet': [],
    'clients.addExclusion': [],
    'clients.removeExclusion': [],
    ...answers,
  };
  const canned: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.type === 'mutation') sent.push({ path: op.path, input: op.input });
      const answer = all[op.path];
      if (answer instanceof Error) return observer.error(new TRPCClientError(answer.message));
      observer.next({ result: { type: 'data', data: answer } });
      observer.complete();
    });
  render(
    <SignedIn role={role} link={canned}>
      <SessionProbe />
      <ClientExclusions client={{ id: 'cabc', exclusions: [MARY] }} />
    </SignedIn>,
  );
  return sent;
}

describe('ClientExclusions', () => {
  it('lists each carer with their kind, the reason and who added it', async () => {
    renderAs('Coordinator');
    const item = within(await screen.findByRole('region', { name: 'Do not match' })).getByRole('listitem');
    expect(item).toHaveTextContent('Mary Pike MP');
    expect(item).toHaveTextContent('Argued at MAG');
    expect(item).toHaveTextContent('Added 2 Mar 2026 by coord@valecare.test');
  });

  it('asks for a carer and a reason before adding, then sends them', async () => {
    const sent = renderAs('Coordinator');
    const form = await screen.findByRole('form', { name: 'Add a carer not to match' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Choose a carer')).toBeInTheDocument();
    expect(within(form).getByText('Give a reason')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(form).getByRole('combobox', { name: 'Carer' }), 'Vic');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), '  Former neighbour  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(sent).toEqual([{ path: 'clients.addExclusion', input: { clientId: 'cabc', carerId: 'v1', reason: 'Former neighbour' } }]);
    expect(await within(form).findByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it('shows the server’s refusal in the form', async () => {
    renderAs('Coordinator', { 'clients.addExclusion': new Error('Carer not found') });
    const form = await screen.findByRole('form', { name: 'Add a carer not to match' });
    await userEvent.type(within(form).getByRole('combobox', { name: 'Carer' }), 'Alan');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Asked not to');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Error: Carer not found');
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveValue('Asked not to');
  });

  it('removes a carer only after confirming', async () => {
    const sent = renderAs('Coordinator');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mary Pike' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Mary Pike from the do-not-match list?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mary Pike' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(sent).toEqual([{ path: 'clients.removeExclusion', input: { clientId: 'cabc', carerId: 'm1' } }]);
  });

  it('is read-only for a role that may not update clients', async () => {
    renderAs('Trustee');
    expect(await screen.findByText('Signed in as Trustee')).toBeInTheDocument();
    expect(screen.getByText('Argued at MAG')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
