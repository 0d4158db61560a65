import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { TextField } from './Field';
import { FormAlert } from './FormAlert';
import { useFormAlert, useFormStatus, type FormStatusOptions } from './use-form-status';

type Name = 'name' | 'email';

/** A form of two fields wired to the hook, and the hook's API to act on. */
function setup(options: FormStatusOptions<Name> = {}) {
  const api: { current: ReturnType<typeof useFormStatus<Name>> | null } = { current: null };
  function Form() {
    const form = useFormStatus<Name>(options);
    api.current = form;
    return (
      <form aria-label="Test">
        <FormAlert status={form.status} id={form.alertId} />
        <TextField {...form.field('name')} label="Name" />
        <input {...form.control('email', 'email-hint')} aria-label="Email" />
        <p id="email-hint">Your own.</p>
      </form>
    );
  }
  render(<Form />);
  const form = () => {
    if (!api.current) throw new Error('not rendered');
    return api.current;
  };
  return { form };
}

describe('useFormStatus', () => {
  it('starts idle, with no alert and nothing marked', () => {
    const { form } = setup();
    expect(form().status).toEqual({ kind: 'idle' });
    expect(form().submitting).toBe(false);
    expect(form().error).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-describedby', 'email-hint');
  });

  it('a refused field: the warning, the field marked and described by it, the focus on it', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { form } = setup({ focusField: true });
    act(() => form().reject({ field: 'name', message: 'Please enter your name.' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter your name.');
    expect(alert).toHaveAttribute('id', form().alertId);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(name).toHaveFocus();
    expect(form().invalid('name')).toBe(true);
    expect(form().invalid('email')).toBe(false);
    expect(scroll).not.toHaveBeenCalled();

    act(() => form().reject({ field: 'email', message: 'Please enter a valid email address.' }));
    expect(name).not.toHaveAttribute('aria-invalid');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', `email-hint ${form().alertId}`);
    expect(email).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('scrolls up to the message instead when fields are not focused (the back office)', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { form } = setup({ scroll: true });
    act(() => form().reject({ field: 'name', message: 'Please specify Name.' }));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveFocus();
    act(() => form().succeed('Saved.'));
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('a server error marks no field; success shows as a status; clear takes both away', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { form } = setup();
    act(() => form().fail('Too many invites today.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many invites today.');
    expect(form().error).toBe('Too many invites today.');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    act(() => form().succeed('Invitation sent.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Invitation sent.');
    act(() => form().clear());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(scroll).not.toHaveBeenCalled();
  });

  it('runs a send: submitting, then its success text, nothing, or the error’s message', async () => {
    const { form } = setup();
    let finish: (text: string) => void = () => undefined;
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = form().run(() => new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(form().submitting).toBe(true);
    await act(async () => {
      finish('Book was updated.');
      await sending;
    });
    expect(form().status).toEqual({ kind: 'success', message: 'Book was updated.' });

    await act(() => form().run(() => undefined));
    expect(form().status).toEqual({ kind: 'idle' });

    await act(() =>
      form().run(() => {
        throw new ApiError('Please specify Image.', { status: 400, code: 'invalid' });
      }),
    );
    expect(form().status).toEqual({ kind: 'error', message: 'Please specify Image.' });
    await act(() => form().run(() => Promise.reject(new Error(''))));
    expect(form().error).toMatch(/\S/);
  });

  it('starts from a status it is given', () => {
    setup({ initial: { kind: 'success', message: 'Coupon was added.' } });
    expect(screen.getByRole('status')).toHaveTextContent('Coupon was added.');
  });
});

describe('useFormAlert', () => {
  it('shows one message, scrolled into view, with functions that stay the same', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { result } = renderHook(() => useFormAlert());
    const { showError, clearError } = result.current;
    expect(result.current.message).toBeNull();
    act(() => result.current.showError('Wrong code.'));
    expect(result.current.message).toBe('Wrong code.');
    expect(scroll).toHaveBeenCalled();
    expect(result.current.showError).toBe(showError);
    act(() => result.current.clearError());
    expect(result.current.message).toBeNull();
    expect(result.current.clearError).toBe(clearError);
  });
});
