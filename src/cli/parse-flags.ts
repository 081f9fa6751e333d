import { InvalidArgumentError } from 'commander';

/** Parses a whole number ≥ min for commander options. */
export function integerFlag(min: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) throw new InvalidArgumentError(`expected a whole number ≥ ${min}, got "${value}"`);
    return number;
  };
}

/** Parses a number in [min, max]. */
export function numberFlag(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < min || number > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got "${value}"`);
    return number;
  };
}

/** Parses `1,2,3` or `1-5` into a list of non-negative seeds. */
export function seedsFlag(value: string): number[] {
  const seeds: number[] = [];
  for (const part of value.split(',')) {
    const range = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(part);
    if (range !== null) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to < from || to - from > 10_000) throw new InvalidArgumentError(`bad seed range "${part}"`);
      for (let seed = from; seed <= to; seed++) seeds.push(seed);
    } else if (/^\s*\d+\s*$/.test(part)) {
      seeds.push(Number(part));
    } else {
      throw new InvalidArgumentError(`expected seeds like 1 or 1,2,3 or 1-5, got "${value}"`);
    }
  }
  return [...new Set(seeds)];
}

/** Collects a repeatable flag's values in order. */
export function collectFlag(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
