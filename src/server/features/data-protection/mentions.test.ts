import { describe, expect, it } from 'vitest';
import { reviewMention, personMentions, scrubText } from './mentions';

const zebedee = { name: 'Zebedee  Quarrington', email: 'zeb@example.org', phone: '01984 624 715', streetAddress: '7 Mill Lane', postCode: 'TA4 5QR' };

describe('personMentions', () => {
  it('replaces the full name, the surname and their details as whole words, in any case or spacing', () => {
    const mentions = personMentions(zebedee);
    expect(scrubText('zebedee quarrington, Mrs QUARRINGTON and Quarrington’s dog', mentions)).toBe('[erased], Mrs [erased] and [erased]’s dog');
    expect(scrubText('Call 01984-624715 or zeb@example.org at 7 Mill  Lane, ta45qr', mentions)).toBe('Call [erased] or [erased] at [erased], [erased]');
    // Part of another word or number is not them.
    expect(scrubText('Quarringtons Ltd, 019846247150', mentions)).toBe('Quarringtons Ltd, 019846247150');
  });

  it('takes nothing shared by many people as theirs: an exchange code, a bare street word, a district', () => {
    const mentions = personMentions({ name: 'Primrose Tiddy', email: '', phone: '01984', streetAddress: 'Street', postCode: 'TA4' });
    expect(scrubText('01984 123456, 1 High Street, TA4 2AB', mentions)).toBe('01984 123456, 1 High Street, TA4 2AB');
  });

  it('leaves the first name alone in place but says it needs review', () => {
    const mentions = personMentions(zebedee);
    expect(scrubText('Zebedee sends his regards', mentions)).toBe('Zebedee sends his regards');
    expect(reviewMention('Ask zebedee', mentions)).toBe('zebedee');
    expect(reviewMention('Zebedeen', mentions)).toBeNull();
  });
});
