import type { ReactNode } from 'react';

const LINK = 'font-medium text-primary underline underline-offset-4';

/**
 * A UK telephone number as people write it in a note: 01984 623456, 07700 900123, +44 7700 900123, (01984) 623 456.
 * Ten or eleven digits (after a 0), with spaces, dots or dashes between groups.
 */
const PHONE_NUMBER = /(?:\+44\s?\(?0?\)?\s?|\(?0)\d[\d\s().-]{7,14}\d/g;

const digitsOf = (number: string) => number.replace(/[^\d+]/g, '');

/** Whether what matched has as many digits as a UK number: not a date, a time or a sum that looks like one. */
function isPhoneNumber(number: string): boolean {
  const digits = digitsOf(number).replace(/^\+44/, '0');
  return /^0\d{9,10}$/.test(digits);
}

/** Text with each telephone number in it a link that calls it from the phone. */
export function WithPhoneLinks({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE_NUMBER)) {
    const number = match[0];
    if (!isPhoneNumber(number)) continue;
    parts.push(text.slice(last, match.index), (
      <a key={match.index} href={`tel:${digitsOf(number)}`} className={LINK}>
        {number}
      </a>
    ));
    last = match.index + number.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * A link that opens the address in the phone's maps: the cross-platform Maps URL opens the maps app where there is one
 * (decision 314). Nothing is sent anywhere until the carer taps it.
 */
export function MapLink({ address }: { address: string }) {
  return (
    <a href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`} target="_blank" rel="noreferrer" className={LINK}>
      {address}
    </a>
  );
}
