import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { renderWithProviders } from '@/test/render';

describe('SignInForm', () => {
  it('opens empty, leaving the focus where the page puts it', async () => {
    renderWithProviders(<SignInForm />, { route: '/login', signedIn: false });
    expect(await screen.findByLabelText('Email')).toHaveValue('');
    // Longer than the other case takes to move the focus.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByLabelText('Password')).not.toHaveFocus();
  });

  it('back from a cancelled code step: the address filled in again, the focus on the password', async () => {
    renderWithProviders(<SignInForm email="jane@bright-smile.example.com" />, {
      route: '/login',
      signedIn: false,
    });
    expect(screen.getByLabelText('Email')).toHaveValue('jane@bright-smile.example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });
});
