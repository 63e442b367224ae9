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
  it('opens the record named by ?view= and removes only that parameter when closed', () => {
    const router = renderAt('/requests?view=rabc123&sort=end');
    expect(screen.getByText('rabc123')).toBeInTheDocument();
    press('Close');
    expect(screen.getByText('nothing open')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=end');
  });

  it('puts the opened record in the address without a new history entry', () => {
    const router = renderAt('/requests');
    expect(screen.getByText('nothing open')).toBeInTheDocument();
    press('Open');
    expect(screen.getByText('rxyz')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=rxyz');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
