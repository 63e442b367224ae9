import { describe, expect, it } from 'vitest';
import { wellbeingInput } from './schemas/wellbeing';
import { checkDraft } from './wellbeing';

const ALL = { lifeSatisfaction: 6, worthwhile: 0, happy: 'declined', anxious: 10, lonely: 'someOfTheTime' } as const;

describe('an asking checked before it is sent', () => {
  it('sends the scores given, the declined by name, and nothing declined as a score; the server takes it as it is', () => {
    const { sent, problems } = checkDraft('cabc', { askedOn: '2026-11-20', answers: ALL, mattersMost: '  My garden ' }, '2026-11-29', 'w-phone-1');
    expect(problems).toEqual({});
    expect(sent).toEqual({ id: 'w-phone-1', clientId: 'cabc', askedOn: '2026-11-20', lifeSatisfaction: 6, worthwhile: 0, anxious: 10, lonely: 'someOfTheTime', mattersMost: 'My garden', declined: ['happy'] });
    const { id: _phoneId, ...office } = sent!;
    expect(wellbeingInput.parse(office)).toEqual(office);
  });

  it('says which questions are neither answered nor declined, and a day asked after today', () => {
    const { sent, problems } = checkDraft('cabc', { askedOn: '2026-11-30', answers: { lifeSatisfaction: 4, lonely: 'declined' }, mattersMost: '' }, '2026-11-29');
    expect(sent).toBeNull();
    expect(problems).toEqual({
      askedOn: 'The day asked cannot be after today',
      worthwhile: 'Worthwhile: give an answer, or mark it declined',
      happy: 'Happiness: give an answer, or mark it declined',
      anxious: 'Anxiety: give an answer, or mark it declined',
    });
    expect(checkDraft('cabc', { askedOn: '2026-02-30', answers: ALL, mattersMost: '' }, '2026-11-29').problems).toEqual({ askedOn: 'Enter a date as YYYY-MM-DD' });
  });
});
