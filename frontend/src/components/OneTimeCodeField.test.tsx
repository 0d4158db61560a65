import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OneTimeCodeField, USE_APP_CODE_LABEL, USE_RECOVERY_LABEL } from './OneTimeCodeField';

describe('OneTimeCodeField', () => {
  it('asks phones for the number pad and offers the code from a message', () => {
    render(<OneTimeCodeField label="Code from your app" />);
    const field = screen.getByRole('textbox', { name: 'Code from your app' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: USE_RECOVERY_LABEL })).not.toBeInTheDocument();
  });

  it('switches to the full keyboard for a recovery code, and back, keeping the focus in the field', async () => {
    const user = userEvent.setup();
    render(<OneTimeCodeField label="Authentication code" acceptsRecoveryCode />);
    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.click(screen.getByRole('button', { name: USE_RECOVERY_LABEL }));
    expect(field).toHaveAttribute('inputmode', 'text');
    await waitFor(() => expect(field).toHaveFocus());
    await user.click(screen.getByRole('button', { name: USE_APP_CODE_LABEL }));
    expect(field).toHaveAttribute('inputmode', 'numeric');
  });
});
