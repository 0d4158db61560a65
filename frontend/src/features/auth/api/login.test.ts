import { describe, expect, it, vi } from 'vitest';
import { fail, http, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { login } from './login';

describe('login', () => {
  it('never runs the refresh loop for login (a 401 there is a wrong password)', async () => {
    const refresh = vi.fn();
    server.use(
      http.post('/api/user/login', () => fail(401, 'Wrong e-mail or password.', 'invalid_credentials')),
      http.post('/api/user/refresh-token', () => {
        refresh();
        return ok({ token: 'x' });
      }),
    );
    await expect(login({ email: 'a@b.c', password: 'nope' })).rejects.toMatchObject({ message: 'Wrong e-mail or password.' });
    expect(refresh).not.toHaveBeenCalled();
  });
});
