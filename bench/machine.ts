import os from 'node:os';

/**
 * The processor a quick run's ratios belong to: its model and the cores this process may use (taskset included).
 * The same product's ratios differ from one processor to another more than from one run to the next.
 */
export function processorOf(): string {
  const model = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${model} × ${os.availableParallelism()}`;
}

/** The machine a run measured, in one line for the report. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memoryGiB = Math.round(os.totalmem() / 1024 ** 3);
  return `${model} × ${cpus.length}, ${memoryGiB} GiB memory, ${os.type()} ${os.release()}; Node ${process.version}`;
}
