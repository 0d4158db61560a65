import { useCallback, useEffect, useRef, useState } from 'react';
import { loadStripe, type StripeCardElement, type StripeClient } from '../providers/stripe';

export type CardStatus = 'loading' | 'ready' | 'failed';

const CARD_STYLE = {
  base: {
    color: '#1d2733',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontSize: '16px',
    '::placeholder': { color: '#5b6675' },
  },
  invalid: { color: '#b42318' },
};

/**
 * Stripe.js's card Element, mounted in `containerRef` while `enabled`: Stripe.js is loaded from the
 * server's `stripeJsUrl` only when card payments are offered. Returns the client and element once
 * mounted (`current()`), for the payment.
 */
export function useStripeCard(enabled: boolean, jsUrl: string, publishableKey: string | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mounted = useRef<{ stripe: StripeClient; card: StripeCardElement } | null>(null);
  const [status, setStatus] = useState<CardStatus>('loading');
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled || !publishableKey) return undefined;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    loadStripe(jsUrl, publishableKey)
      .then((stripe) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        card = stripe.elements().create('card', { style: CARD_STYLE });
        card.on('change', (event) => setCardError(event.error?.message ?? null));
        card.mount(container);
        mounted.current = { stripe, card };
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('Stripe.js could not be loaded', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      mounted.current = null;
      card?.destroy();
    };
  }, [enabled, jsUrl, publishableKey]);

  const current = useCallback(() => mounted.current, []);
  return { containerRef, status, cardError, current };
}
