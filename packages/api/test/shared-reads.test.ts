import { describe, expect, it } from 'vitest';
import { SharedReads } from '../src/services/shared-reads';

describe('reads kept by the process for a few seconds', () => {
  it('loads a key once at a time and keeps it for its time; 0 keeps nothing', async () => {
    const reads = new SharedReads<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([reads.get('a', 60_000, load), reads.get('a', 60_000, load)])).toEqual([1, 1]);
    expect(await reads.get('a', 60_000, load)).toBe(1);
    expect(await reads.get('a', 0, load)).toBe(2);
    expect(await reads.get('b', 60_000, load)).toBe(3);
    await new Promise((r) => setTimeout(r, 5));
    expect(await reads.get('c', 1, load)).toBe(4);
    await new Promise((r) => setTimeout(r, 5));
    expect(await reads.get('c', 1, load)).toBe(5);
  });

  it('keeps no failed load, and drops the least recently stored key past its size', async () => {
    const reads = new SharedReads<string>(2);
    await expect(reads.get('a', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.get('a', 60_000, async () => 'up')).toBe('up');
    await reads.get('b', 60_000, async () => 'b');
    await reads.get('c', 60_000, async () => 'c');
    // 'a' was stored first and went; 'b' and 'c' stay.
    expect(await reads.get('a', 60_000, async () => 'again')).toBe('again');
    expect(await reads.get('c', 60_000, async () => 'new c')).toBe('c');
  });

  it('reads only the keys it does not keep, keeps what the load answers, and nothing with 0', async () => {
    const reads = new SharedReads<string>(10);
    const asked: string[][] = [];
    const load = async (keys: readonly string[]) => {
      asked.push([...keys]);
      // 'gone' is not there to answer: it is left out, and not kept.
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, `${k}${asked.length}`]));
    };
    expect([...(await reads.getMany(['a', 'gone'], 60_000, load))]).toEqual([['a', 'a1']]);
    expect([...(await reads.getMany(['a', 'b', 'gone'], 60_000, load))]).toEqual([
      ['a', 'a1'],
      ['b', 'b2'],
    ]);
    expect(asked).toEqual([
      ['a', 'gone'],
      ['b', 'gone'],
    ]);
    expect((await reads.getMany(['a'], 0, load)).get('a')).toBe('a3');
    expect((await reads.getMany(['a'], 60_000, load)).get('a')).toBe('a1');
  });
});
