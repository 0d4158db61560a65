import { Alert } from '@/components/Alert';

interface TestModeNoticeProps {
  /** The payment methods that are on: the notice speaks of those only. */
  card: boolean;
  paypal: boolean;
}

/** Shown whenever the server pays through test keys or the local stand-ins. */
export function TestModeNotice({ card, paypal }: TestModeNoticeProps) {
  return (
    <Alert tone="info" title="Test mode">
      No real money moves.
      {card ? (
        <>
          {' '}
          Pay with the test card <strong>4242 4242 4242 4242</strong> (any future expiry, any CVC); <strong>4000 0000 0000 0002</strong> is declined and{' '}
          <strong>4000 0027 6000 3184</strong> asks for 3-D Secure.
        </>
      ) : null}
      {paypal ? ' PayPal opens a test approval window.' : null}
    </Alert>
  );
}
