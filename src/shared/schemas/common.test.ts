import { describe, expect, it } from 'vitest';
import { stripInvisible } from '@/shared/invisible';
import { email, note, personBase, postCode, text } from './common';

/** Every character that must go: bidi controls, zero-width and other format characters, C0 and C1 controls. */
const INVISIBLE = [
  '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', // embeddings and overrides
  '\u2066', '\u2067', '\u2068', '\u2069', // isolates
  '\u200E', '\u200F', '\u061C', // marks
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', // zero-width, word joiner, byte order mark, soft hyphen
  '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u007F', '\u0085', '\u009F', // controls
  '\u{E0001}', '\u{E0041}', // tags
];

describe('stripInvisible', () => {
  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('removes %s', (_name, c) => {
    expect(stripInvisible(`a${c}b${c}`)).toBe('ab');
  });

  it('keeps tabs, line breaks, NUL (refused elsewhere) and visible text in any script', () => {
    const visible = 'Zoë Ó Briain\t\n\r\u0000 中文 مرحبا עברית 😀 £5 – “quoted”';
    expect(stripInvisible(visible)).toBe(visible);
  });

  it('turns a name reversed to read as a staff address back into what was typed', () => {
    expect(stripInvisible('\u202Emoc.erac@nimda')).toBe('moc.erac@nimda');
  });
});

describe('the shared text fields', () => {
  it('strip before trimming and checking, so a name of only invisible characters is missing', () => {
    expect(text().parse(' \u202Eabc\u200B ')).toBe('abc');
    expect(personBase.safeParse({ name: '\u202E\u200B\u2066' }).error?.issues[0]?.message).toBe('Name is required');
  });

  it('strip notes, e-mail addresses and post codes too, keeping a note’s line breaks', () => {
    expect(note.parse({ date: '2025-01-02', note: 'line one\u202E\nline\ttwo' }).note).toBe('line one\nline\ttwo');
    expect(email.parse('ann\u200B@example.org\u202C')).toBe('ann@example.org');
    expect(postCode.parse('ta4\u200F2ab')).toBe('TA4 2AB');
  });

  it('still refuse what the database cannot store', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
  });
});
