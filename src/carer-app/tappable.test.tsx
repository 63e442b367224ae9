import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MapLink, WithPhoneLinks } from './tappable';

describe('a note’s telephone numbers', () => {
  it('calls each UK number in a note, as written, and leaves dates, times and sums as text', () => {
    const note = 'Daughter on 07700 900123 or (01984) 623 456, neighbour +44 7700 900456. Visit 10:30 on 12/03/2026, paid £1,250.';
    const { container } = render(<WithPhoneLinks text={note} />);
    expect(container).toHaveTextContent(note);
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['07700 900123', 'tel:07700900123'],
      ['(01984) 623 456', 'tel:01984623456'],
      ['+44 7700 900456', 'tel:+447700900456'],
    ]);
  });

  it('leaves a note without numbers as it is', () => {
    const { container } = render(<WithPhoneLinks text="Key safe by the back door, code from the office" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('Key safe by the back door, code from the office');
  });

  it('opens an address in the phone’s maps', () => {
    render(<MapLink address="2 Mill Lane, Wiveliscombe, TA4 2AB" />);
    expect(screen.getByRole('link', { name: '2 Mill Lane, Wiveliscombe, TA4 2AB' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=2%20Mill%20Lane%2C%20Wiveliscombe%2C%20TA4%202AB',
    );
  });
});
