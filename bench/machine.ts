import os from 'node:os';

/** The machine a run measured, in one line for the report. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memoryGiB = Math.round(os.totalmem() / 1024 ** 3);
  return `${model} × ${cpus.length}, ${memoryGiB} GiB memory, ${os.type()} ${os.release()}; Node ${process.version}`;
}
