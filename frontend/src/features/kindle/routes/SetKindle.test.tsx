import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SetKindleRequest } from '../api/types';
import { KINDLE_DOMAINS, makeKindle } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('/set-kindle', () => {
  it('sends visitors to sign up and back', async () => {
    const { router } = renderApp('/set-kindle');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fset-kindle'));
  });

  it("offers the server's domains and asks for the name ('Please complete the form.')", async () => {
    signIn();
    let calls = 0;
    server.use(
      http.post('/api/kindle/set-kindle', () => {
        calls += 1;
        return ok({ kindleEmail: 'x@kindle.com' });
      }),
    );
    const { user } = renderApp('/set-kindle');
    expect(await screen.findByTestId('kindle-current')).toHaveTextContent('You have not set a Kindle address yet.');
    const domain = screen.getByLabelText('Domain');
    expect([...domain.querySelectorAll('option')].map((o) => o.textContent).slice(1)).toEqual(KINDLE_DOMAINS);
    expect(domain).toHaveValue('kindle.com');
    await user.click(screen.getByRole('button', { name: 'Save Kindle address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete the form.');
    expect(calls).toBe(0);
  });

  it('saves the name and domain, says so, and shows the new address', async () => {
    signIn();
    let body: SetKindleRequest | undefined;
    server.use(
      http.post('/api/kindle/set-kindle', async ({ request }) => {
        body = await request.json();
        return ok({ kindleEmail: 'ada_reads@kindle.cn' });
      }),
    );
    const { user } = renderApp('/set-kindle?next=%2Fsend-to-kindle%2F7');
    await user.type(await screen.findByLabelText('Name'), ' ada_reads ');
    await user.selectOptions(screen.getByLabelText('Domain'), 'kindle.cn');
    await user.click(screen.getByRole('button', { name: 'Save Kindle address' }));
    expect(await screen.findByText('Successful set your kindle email.')).toBeInTheDocument();
    expect(body).toEqual({ kindle_email: 'ada_reads', kindle_email_end: 'kindle.cn' });
    expect(screen.getByTestId('kindle-current')).toHaveTextContent('Summaries go to ada_reads@kindle.cn.');
    expect(screen.getByRole('link', { name: 'Continue sending your summary' })).toHaveAttribute('href', '/send-to-kindle/7');
  });

  it("starts from the current address and shows the server's error", async () => {
    signIn();
    server.use(
      http.get('/api/kindle/has-kindle', () => ok(makeKindle({ kindleEmail: 'bo@kindle.it' }))),
      http.post('/api/kindle/set-kindle', () => fail(400, 'This is not a Kindle address we can send to.', 'invalid_kindle')),
    );
    const { user } = renderApp('/set-kindle');
    expect(await screen.findByTestId('kindle-current')).toHaveTextContent('Summaries go to bo@kindle.it.');
    expect(screen.getByLabelText('Name')).toHaveValue('bo');
    expect(screen.getByLabelText('Domain')).toHaveValue('kindle.it');
    await user.click(screen.getByRole('button', { name: 'Save Kindle address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a Kindle address we can send to.');
  });
});
