import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page';

function renderPage() {
  const onSignIn = vi.fn();
  render(<LandingPage onSignIn={onSignIn} />);
  return { onSignIn, user: userEvent.setup() };
}

describe('LandingPage', () => {
  it('shows the product name, one main heading and the three feature cards', () => {
    renderPage();

    expect(within(screen.getByRole('banner')).getByText('Valecare')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of ['Comprehensive Care Management', 'Smart Scheduling & Logging', 'Secure & Compliant']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('lists all six marketing points', () => {
    renderPage();

    const list = screen.getByRole('region', { name: 'Why choose Valecare?' });
    for (const point of [
      'Client onboarding and management',
      'Real-time activity tracking and reporting',
      'Automated DBS and training expiry monitoring',
      'Role-based access control',
      'Audit trails for compliance',
      'A mobile-friendly interface',
    ]) {
      expect(within(list).getByText(point)).toBeVisible();
    }
  });

  it('shows the sample figures of 24 active clients and 12 volunteers', () => {
    renderPage();

    expect(screen.getByText('24')).toBeVisible();
    expect(screen.getByText('Active clients').parentElement).toHaveTextContent('24');
    expect(screen.getByText('12')).toBeVisible();
    expect(screen.getByText('Volunteers').parentElement).toHaveTextContent('12');
  });

  it('shows the 2025 copyright in the footer', () => {
    renderPage();

    expect(within(screen.getByRole('contentinfo')).getByText('© 2025 Valecare. All rights reserved.')).toBeVisible();
  });

  it.each(['Sign In', 'Get Started Today', 'Start Your Journey'])('%s starts sign-in once', async (name) => {
    const { onSignIn, user } = renderPage();

    await user.click(screen.getByRole('button', { name }));

    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('Learn More does nothing', async () => {
    const { onSignIn, user } = renderPage();
    const learnMore = screen.getByRole('button', { name: 'Learn More' });

    await user.click(learnMore);

    expect(learnMore).toHaveAttribute('type', 'button');
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('reaches every button by keyboard', async () => {
    const { user } = renderPage();
    const buttons = screen.getAllByRole('button');

    for (const button of buttons) {
      await user.tab();
      expect(button).toHaveFocus();
    }
  });
});
