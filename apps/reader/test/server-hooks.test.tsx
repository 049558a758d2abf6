import type { AppRouter } from '@quire/api';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it, vi } from 'vitest';
import { useMutation } from '../src/lib/mutation';
import { useTRPC } from '../src/trpc';
import { renderWithProviders } from './render';

// These tests run as the server renders: in Node, with no window.
const STATE_FIELDS = ['status', 'isIdle', 'isPending', 'isError', 'isSuccess', 'failureCount', 'submittedAt'];

function ClapButton() {
  const trpc = useTRPC();
  const clap = useMutation(trpc.posts.clap.mutationOptions());
  return (
    <li>{JSON.stringify(Object.fromEntries(STATE_FIELDS.map((f) => [f, clap[f as keyof typeof clap]])))}</li>
  );
}

function Buttons({ count }: { count: number }) {
  return (
    <ul>
      {Array.from({ length: count }, (_, i) => (
        <ClapButton key={String(i)} />
      ))}
    </ul>
  );
}

describe("the server's render of mutations", () => {
  it('shows each mutation in the state a browser starts it in, and makes no observer for it', () => {
    renderWithProviders(<Buttons count={1} />);
    const made = vi.spyOn(MutationObserver.prototype, 'setOptions');
    const html = renderWithProviders(<Buttons count={3} />);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();

    const browserStart = new MutationObserver(new QueryClient(), {}).getCurrentResult();
    const expected = JSON.stringify(
      Object.fromEntries(STATE_FIELDS.map((f) => [f, browserStart[f as keyof typeof browserStart]])),
    );
    expect(expected).toContain('"status":"idle"');
    const shown = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replaceAll('&quot;', '"'));
    expect(shown).toEqual([expected, expected, expected]);
  });

  it("answers mutationOptions with nothing, and queries' options as the library does, each path made once", () => {
    let seen: ReturnType<typeof useTRPC> | null = null;
    function Probe() {
      seen = useTRPC();
      return null;
    }
    renderWithProviders(<Probe />);
    const trpc = seen as unknown as ReturnType<typeof useTRPC>;
    expect(trpc.posts.clap.mutationOptions()).toEqual({});
    expect(Object.isFrozen(trpc.posts.clap.mutationOptions())).toBe(true);
    expect(trpc.posts.byId).toBe(trpc.posts.byId);

    const library = createTRPCOptionsProxy<AppRouter>({
      client: {} as never,
      queryClient: new QueryClient(),
    });
    const input = { id: 'abc123abc123', shareKey: null };
    expect(trpc.posts.byId.queryOptions(input).queryKey).toEqual(
      library.posts.byId.queryOptions(input).queryKey,
    );
    expect(trpc.posts.byId.queryKey(input)).toEqual(library.posts.byId.queryKey(input));
  });
});
