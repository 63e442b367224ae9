import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, PartBoundary } from './lazy-part';

function Figures({ count }: { count: number }) {
  return <p>{count} clients</p>;
}

/** A part whose code fails to arrive the first `failures` times it is asked for. */
function partFailing(failures: number) {
  let asked = 0;
  const load = vi.fn(async () => {
    asked += 1;
    if (asked <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Figures };
  });
  return { Part: lazyPart(load), load };
}

describe('lazyPart', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('draws a part fetched ahead at once, with no fallback in between', async () => {
    const { Part, load } = partFailing(0);
    Part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <PartBoundary fallback={<p role="status">Loading...</p>}>
        <Part count={7} />
      </PartBoundary>,
    );
    // Drawn in the very first render: React shows a fallback it suspended for at least 300 ms.
    expect(screen.getByText('7 clients')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the part could not be loaded, in its own words, and Try again fetches it afresh', async () => {
    const { Part, load } = partFailing(2);
    render(
      <PartBoundary part="This tab" fallback={<p role="status">Loading...</p>}>
        <Part count={24} />
      </PartBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This tab could not be loaded. Check the connection, then try again.');
    // Not fetched again on its own: the person chooses when to try.
    expect(load).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This tab could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('24 clients')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('says "This screen" when no words are given, and a render failure is not offered Try again', async () => {
    const { Part } = partFailing(1);
    const { unmount } = render(
      <PartBoundary fallback={null}>
        <Part count={1} />
      </PartBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This screen could not be loaded\./);
    unmount();

    function Broken(): never {
      throw new Error('No figures');
    }
    render(
      <PartBoundary fallback={null}>
        <Broken />
      </PartBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred: No figures');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('preload fetches the code without drawing it, and a failed preload is fetched again when drawn', async () => {
    const { Part, load } = partFailing(1);
    Part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(
      <PartBoundary fallback={null}>
        <Part count={3} />
      </PartBoundary>,
    );
    expect(await screen.findByText('3 clients')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
