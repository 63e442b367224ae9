export interface TestTiming {
  title: string;
  ms: number;
  limitMs: number;
}
export function clearTimings(): void;
export function writeTimings(suite: string, tests: TestTiming[]): void;
export function readTimings(): (TestTiming & { suite: string })[];
export function slowestTests(tests: (TestTiming & { suite: string })[], count?: number): string;
