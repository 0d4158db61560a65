import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import type { ChargeResult, PaymentSettings, PayPalCompleteRequest, PayPalStartRequest } from '../api/types';
import { completePayPal, startPayPal } from '../api/checkout';
import { PAYPAL_ERROR_MESSAGE } from '../messages';
import { loadPayPal, paypalScriptUrl, type PayPalButtonsInstance, type PayPalButtonsOptions, type PayPalIntent } from '../providers/paypal';
import './checkout.css';

export interface PayPalHandlers {
  /** Checks the form (the guest's e-mail); false stops before PayPal's window opens. */
  validate: () => boolean;
  /** The basket as it is when the button is clicked. */
  basket: () => Omit<PayPalStartRequest, 'planId'>;
  /** Completes the approved payment (default `/api/paypal`; a single book asks for its PDF). */
  complete?: (body: PayPalCompleteRequest) => Promise<ChargeResult>;
  onBusy: (busy: boolean) => void;
  onPaid: (result: ChargeResult) => void;
  onError: (message: string) => void;
}

/** Thrown after the page has shown its own message: PayPal's onError must not add another. */
class Reported extends Error {}

/**
 * PayPal's button: the SDK is loaded for the plan's intent (capture for one-time plans, a vaulted
 * subscription for monthly and yearly), the order or subscription is made by the server
 * (`/api/paypal/start`, priced there), and once the buyer approves in PayPal's window the server
 * completes it (`/api/paypal`).
 */
export function PayPalButton({
  settings,
  planId,
  intent,
  handlers,
}: {
  settings: PaymentSettings;
  planId: string;
  intent: PayPalIntent;
  handlers: PayPalHandlers;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const latest = useRef(handlers);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    latest.current = handlers;
  });

  const clientId = settings.paypalClientId ?? '';
  const sdkUrl = settings.paypalSdkUrl;

  useEffect(() => {
    let cancelled = false;
    let buttons: PayPalButtonsInstance | null = null;
    let reported = false;

    const create = async (): Promise<string> => {
      const page = latest.current;
      if (!page.validate()) {
        reported = true;
        throw new Reported('validation');
      }
      try {
        const started = await startPayPal({ ...page.basket(), planId });
        const id = intent === 'subscription' ? started.subscriptionId : started.orderId;
        if (!id) throw new Error(PAYPAL_ERROR_MESSAGE);
        return id;
      } catch (cause) {
        reported = true;
        page.onError(errorMessage(cause, PAYPAL_ERROR_MESSAGE));
        throw new Reported('start');
      }
    };

    const options: PayPalButtonsOptions = {
      style: { layout: 'vertical', color: 'gold', shape: 'rect', label: 'paypal', height: 45 },
      onApprove: async (data) => {
        const page = latest.current;
        page.onBusy(true);
        try {
          const body = intent === 'subscription' ? { subscriptionId: data.subscriptionID ?? null } : { orderId: data.orderID ?? null };
          page.onPaid(await (page.complete ?? completePayPal)(body));
        } catch (cause) {
          page.onError(errorMessage(cause, PAYPAL_ERROR_MESSAGE));
        } finally {
          page.onBusy(false);
        }
      },
      onCancel: () => latest.current.onBusy(false),
      onError: (error) => {
        if (reported || error instanceof Reported) {
          reported = false;
          return;
        }
        console.error('PayPal error', error);
        latest.current.onError(PAYPAL_ERROR_MESSAGE);
      },
    };
    if (intent === 'subscription') options.createSubscription = create;
    else options.createOrder = create;

    loadPayPal(paypalScriptUrl(sdkUrl, clientId, intent))
      .then(async (paypal) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        buttons = paypal.Buttons(options);
        await buttons.render(container);
        if (!cancelled) setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('PayPal could not be loaded', error);
        if (!cancelled) setStatus('failed');
      });

    return () => {
      cancelled = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [sdkUrl, clientId, intent, planId]);

  return (
    <div className="paypal">
      {status === 'loading' ? <Spinner inline label="Loading PayPal…" /> : null}
      {status === 'failed' ? (
        <p className="card-fields__error" role="alert">
          PayPal could not be loaded. Check your connection and reload the page, or pay by card.
        </p>
      ) : null}
      <div ref={containerRef} className="paypal__buttons" data-testid="paypal-buttons" />
      <p className="field__hint">PayPal opens a window where you log in and approve the payment.</p>
    </div>
  );
}
