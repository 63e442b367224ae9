import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The processor a quick run's ratios belong to: its model, its generation where the system says it (family, model and
 * stepping on Linux: a virtual machine's name, "AMD EPYC", stands for several generations, and the reference commit's
 * own ratios on one were half as far again from those recorded on another), and the cores this process may use
 * (taskset included). The same product's ratios differ from one processor to another more than from one run to the next.
 */
export function processorOf(): string {
  const model = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const generation = processorGeneration();
  return `${model}${generation ? ` (${generation})` : ''} × ${os.availableParallelism()}`;
}

/** "family 26, model 2, stepping 1" from /proc/cpuinfo's first processor, or '' where there is none. */
export function processorGeneration(cpuinfo = readCpuinfo()): string {
  const first = cpuinfo.split(/\n\s*\n/)[0] ?? '';
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(first)?.[1]?.trim();
  const parts = (['cpu family', 'model', 'stepping'] as const).flatMap((name) => {
    const value = field(name);
    return value === undefined ? [] : [`${name === 'cpu family' ? 'family' : name} ${value}`];
  });
  return parts.join(', ');
}

function readCpuinfo(): string {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/** The machine a run measured, in one line for the report. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memoryGiB = Math.round(os.totalmem() / 1024 ** 3);
  return `${model} × ${cpus.length}, ${memoryGiB} GiB memory, ${os.type()} ${os.release()}; Node ${process.version}`;
}
