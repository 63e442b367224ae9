import { type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignedIn } from '@/client/test/signed-in';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';
import { todayIn } from '@/shared/dates';
import { ClientWellbeing } from './client-wellbeing';

const FIRST = {
  id: 'w1',
  askedOn: '2026-03-02',
  lifeSatisfaction: 4,
  worthwhile: 5,
  happy: null,
  anxious: 7,
  lonely: 'oftenOrAlways',
  mattersMost: 'Getting to the garden',
  declined: ['happy'],
  askedBy: 'Mary Pike',
  recordedAt: '2026-03-02T10:00:00.000Z',
};

function renderAs(role: Role) {
  const sent: { path: string; input: unknown }[] = [];
  const canned: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.type === 'mutation') sent.push({ path: op.path, input: op.input });
      observer.next({ result: { type: 'data', data: op.path === 'wellbeing.list' ? [FIRST] : FIRST } });
      observer.complete();
    });
  render(
    <SignedIn role={role} link={canned}>
      <ClientWellbeing clientId="cabc" />
    </SignedIn>,
  );
  return sent;
}

describe('ClientWellbeing', () => {
  it('shows each answer, a declined one as declined, and who asked', async () => {
    renderAs('Coordinator');
    const asking = (await screen.findByText(/first asked/)).closest('li')!;
    expect(within(asking).getByText('4 / 10')).toBeTruthy();
    expect(within(asking).getByText('Declined')).toBeTruthy();
    expect(within(asking).getByText('Often or always')).toBeTruthy();
    expect(within(asking).getByText('Asked by Mary Pike on their phone')).toBeTruthy();
    expect(within(asking).getByText('Getting to the garden')).toBeTruthy();
  });

  it('sends nothing until every question is answered or declined, then sends the declined ones by name', async () => {
    const user = userEvent.setup();
    const sent = renderAs('Coordinator');
    await user.click(await screen.findByRole('button', { name: 'Record wellbeing' }));
    const form = screen.getByRole('form', { name: 'Record wellbeing' });
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(within(form).getByText('Life satisfaction: give an answer, or mark it declined')).toBeTruthy();
    expect(sent).toEqual([]);

    const question = (name: RegExp) => within(form).getByRole('group', { name });
    await user.click(within(question(/satisfied are you with your life/)).getByRole('radio', { name: '6' }));
    await user.click(within(question(/worthwhile/)).getByRole('radio', { name: '7' }));
    await user.click(within(question(/happy did you feel/)).getByRole('radio', { name: 'Declined' }));
    await user.click(within(question(/anxious did you feel/)).getByRole('radio', { name: '0' }));
    await user.click(within(question(/lonely/)).getByRole('radio', { name: 'Hardly ever' }));
    await user.type(within(form).getByLabelText(/What matters most/), 'Seeing my sister');
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(sent).toEqual([
      {
        path: 'wellbeing.record',
        input: { clientId: 'cabc', askedOn: todayIn(), lifeSatisfaction: 6, worthwhile: 7, anxious: 0, lonely: 'hardlyEver', mattersMost: 'Seeing my sister', declined: ['happy'] },
      },
    ]);
  });

  it('offers no recording to a role that only reads', async () => {
    renderAs('Trustee');
    await screen.findByText(/first asked/);
    expect(screen.queryByRole('button', { name: 'Record wellbeing' })).toBeNull();
  });
});
