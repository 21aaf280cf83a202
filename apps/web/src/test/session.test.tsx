import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { renderWithProviders } from '@/test/render';
import { TEST_USER } from '@/test/session';

// The helpers' own check: the session they store is the one the app's real auth provider finds.
describe('the test session', () => {
  it('is read by the real auth provider: signed in as the test user', async () => {
    function Who() {
      const auth = useAuth();
      return (
        <p>
          {auth.status} {auth.user?.email ?? ''}
        </p>
      );
    }
    renderWithProviders(<Who />);
    expect(await screen.findByText(`signed-in ${TEST_USER.email}`)).toBeInTheDocument();
  });

  it('is absent when asked: signed out at once', async () => {
    function Who() {
      return <p>{useAuth().status}</p>;
    }
    renderWithProviders(<Who />, { signedIn: false });
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
  });
});
