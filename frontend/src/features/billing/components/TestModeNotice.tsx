import { Alert } from '@/components/Alert';

/** Shown whenever the server pays through test keys or the local stand-ins. */
export function TestModeNotice() {
  return (
    <Alert tone="info" title="Test mode">
      No real money moves. Pay with the test card <strong>4242 4242 4242 4242</strong> (any future expiry, any CVC); <strong>4000 0000 0000 0002</strong> is
      declined and <strong>4000 0027 6000 3184</strong> asks for 3-D Secure. PayPal opens a test approval window.
    </Alert>
  );
}
