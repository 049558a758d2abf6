import { describe, expect, it } from 'vitest';
import { purgeAllSharedReads, purgeSharedReads, SharedReads } from '../src/services/shared-reads';

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

  it('drops a value at once when one of its surrogate keys is purged, and every read under way', async () => {
    const reads = new SharedReads<{ id: string; writer: string }>(10, {
      tagsOf: (v) => [`post-${v.id}`, `user-${v.writer}`],
    });
    let loads = 0;
    const story = (id: string, writer: string) => async () => ({ id, writer, load: ++loads });
    await reads.get('a', 60_000, story('a', 'w1'));
    await reads.get('b', 60_000, story('b', 'w2'));
    purgeSharedReads('user-w1');
    purgeSharedReads('group-edgeCacheHome');
    expect(await reads.get('a', 60_000, story('a', 'w1'))).toMatchObject({ load: 3 });
    expect(await reads.get('b', 60_000, story('b', 'w2'))).toMatchObject({ load: 2 });
    purgeSharedReads('post-b');
    expect(await reads.get('b', 60_000, story('b', 'w2'))).toMatchObject({ load: 4 });

    // A read that began before a change and ends after its purge may hold the rows as they were: it is not kept.
    let finish: (v: { id: string; writer: string }) => void = () => {};
    const underWay = reads.get('c', 60_000, () => new Promise((resolve) => (finish = resolve)));
    purgeSharedReads('post-unrelated');
    finish({ id: 'c', writer: 'w3' });
    expect(await underWay).toEqual({ id: 'c', writer: 'w3' });
    expect(await reads.get('c', 60_000, story('c', 'w3'))).toMatchObject({ load: 5 });
    expect(await reads.get('c', 60_000, story('c', 'w3'))).toMatchObject({ load: 5 });
    // Reads without surrogate keys are not purged.
    const plain = new SharedReads<number>(10);
    await plain.get('x', 60_000, async () => 1);
    purgeSharedReads('post-x');
    purgeAllSharedReads();
    expect(await plain.get('x', 60_000, async () => 2)).toBe(1);
    // After purges may have been missed, a store with surrogate keys forgets everything.
    purgeAllSharedReads();
    expect(await reads.get('c', 60_000, story('c', 'w3'))).toMatchObject({ load: 6 });
  });

  it('keeps no value it is told not to keep', async () => {
    const reads = new SharedReads<{ draft: boolean; load: number }>(10, { keeps: (v) => !v.draft });
    let loads = 0;
    const load = (draft: boolean) => async () => ({ draft, load: ++loads });
    expect(await reads.get('d', 60_000, load(true))).toEqual({ draft: true, load: 1 });
    expect(await reads.get('d', 60_000, load(true))).toEqual({ draft: true, load: 2 });
    expect(await reads.get('p', 60_000, load(false))).toEqual({ draft: false, load: 3 });
    expect(await reads.get('p', 60_000, load(false))).toEqual({ draft: false, load: 3 });
    const many = async (keys: readonly string[]) =>
      new Map(keys.map((k) => [k, { draft: k === 'd2', load: ++loads }]));
    await reads.getMany(['d2', 'p2'], 60_000, many);
    expect([...(await reads.getMany(['d2', 'p2'], 60_000, many))].map(([k, v]) => [k, v.load])).toEqual([
      ['p2', 5],
      ['d2', 6],
    ]);
  });
});
