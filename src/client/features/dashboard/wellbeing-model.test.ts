import { describe, expect, it } from 'vitest';
import { bandSummary, bandTable, lonelyLines, questionLines, wellbeingCautions, wellbeingFileName, type WellbeingReport, wellbeingSheets, wellbyWords } from './wellbeing-model';

const none = { paired: 0, meanBefore: null, meanAfter: null, meanChange: null, ci95: null, bands: [], withheld: false };
const answers = (oftenOrAlways: number, never: number) => ({ oftenOrAlways, someOfTheTime: 0, occasionally: 0, hardlyEver: 0, never });

const REPORT: WellbeingReport = {
  from: '2026-04-01',
  to: '2027-03-31',
  funder: { id: 'f1', name: 'County Council: Home Support' },
  people: 3,
  lifeSatisfaction: {
    paired: 3,
    meanBefore: 4,
    meanAfter: 5.5,
    meanChange: 1.5,
    ci95: [-0.25, 3.25],
    bands: [
      { from: 'Low', to: 'High', people: 2 },
      { from: 'Medium', to: 'Low', people: 1 },
    ],
    withheld: false,
    wellbys: { points: 4.5, valueGbp: 58500, valuePerPointGbp: 13000, priceYear: 2019 },
  },
  worthwhile: none,
  happy: { ...none, paired: 2, withheld: true },
  anxious: { ...none, paired: 2, meanBefore: 7, meanAfter: 3, meanChange: -4, ci95: [-6, -2], bands: [{ from: 'High', to: 'Low', people: 2 }] },
  lonely: { paired: 3, before: answers(3, 0), after: answers(1, 2), withheld: false },
  fewPairs: true,
};

describe('the wellbeing report as words', () => {
  it('gives each question its means to 2 decimals, the change signed, and withheld ones said', () => {
    const [life, worthwhile, happy, anxious] = questionLines(REPORT);
    expect(life).toMatchObject({ label: 'Life satisfaction', paired: 3, before: '4.00', after: '5.50', change: '+1.50', ci95: '−0.25 to +3.25' });
    expect(worthwhile).toMatchObject({ paired: 0, before: '—', change: '—', ci95: '—' });
    expect(happy).toMatchObject({ paired: 2, before: 'Too few to show', ci95: 'Too few to show' });
    expect(anxious).toMatchObject({ change: '−4.00', ci95: '−6.00 to −2.00' });
  });

  it('lays the band moves out before by after, and counts a fall in anxiety as better', () => {
    expect(bandTable(REPORT, 'lifeSatisfaction').rows).toEqual([
      { band: 'Low', after: [0, 0, 2, 0] },
      { band: 'Medium', after: [1, 0, 0, 0] },
      { band: 'High', after: [0, 0, 0, 0] },
      { band: 'Very high', after: [0, 0, 0, 0] },
    ]);
    expect(bandSummary(REPORT, 'lifeSatisfaction')).toBe('2 to a better band, 0 the same, 1 to a worse');
    expect(bandSummary(REPORT, 'anxious')).toBe('2 to a better band, 0 the same, 0 to a worse');
  });

  it('says the WELLBYs with the price year, and the cautions', () => {
    expect(wellbyWords(REPORT)).toContain('+4.50 WELLBYs');
    expect(wellbyWords(REPORT)).toContain('£58,500 at 2019 prices');
    expect(wellbyWords({ ...REPORT, lifeSatisfaction: { ...REPORT.lifeSatisfaction, wellbys: null } })).toBeNull();
    expect(wellbeingCautions(REPORT)).toEqual([
      'Only 3 people answered both before and after: fewer than 10, too few for these figures to mean much.',
      'A comparison of before and after without a control group does not show that the care caused the change.',
    ]);
    expect(wellbeingCautions({ ...REPORT, fewPairs: false })).toHaveLength(1);
  });

  it('names the file by funder and period, and writes the workbook sheets', () => {
    expect(wellbeingFileName(REPORT)).toBe('wellbeing-report-county-council-home-support-2026-04-01-2027-03-31.xlsx');
    expect(wellbeingFileName({ ...REPORT, funder: null })).toBe('wellbeing-report-all-care-2026-04-01-2027-03-31.xlsx');
    expect(lonelyLines(REPORT)[0]).toEqual({ answer: 'Often or always', before: 3, after: 1 });
    const [questions, bands, lonely, about] = wellbeingSheets(REPORT);
    expect(questions!.rows[0]).toEqual(['Life satisfaction', 3, 4, 5.5, 1.5, -0.25, 3.25]);
    expect(questions!.rows[2]).toEqual(['Happiness', 2, 'Too few to show', '', '', '', '']);
    expect(bands!.rows).toContainEqual(['Anxiety', 'High', 'Low', 2]);
    expect(lonely!.rows.at(-1)).toEqual(['Never', 0, 2]);
    expect(about!.rows).toContainEqual(['Funder', 'County Council: Home Support']);
  });
});
