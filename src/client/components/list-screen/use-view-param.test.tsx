import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useViewParam } from './use-view-param';

function Viewer() {
  const [viewing, setViewing] = useViewParam();
  return (
    <>
      <p>{viewing ?? 'nothing open'}</p>
      <button onClick={() => setViewing('rxyz')}>Open</button>
      <button onClick={() => setViewing(null)}>Close</button>
    </>
  );
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/requests', element: <Viewer /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useViewParam', () => {
  it.each([
    { does: 'opens the record named by ?view= and removes only that parameter when closed', at: '/requests?view=rabc123&sort=end', shown: 'rabc123', button: 'Close', after: 'nothing open', search: '?sort=end' },
    { does: 'puts the opened record in the address', at: '/requests', shown: 'nothing open', button: 'Open', after: 'rxyz', search: '?view=rxyz' },
  ])('$does, without a new history entry', ({ at, shown, button, after, search }) => {
    const router = renderAt(at);
    expect(screen.getByText(shown)).toBeInTheDocument();
    press(button);
    expect(screen.getByText(after)).toBeInTheDocument();
    expect(router.state.location.search).toBe(search);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
