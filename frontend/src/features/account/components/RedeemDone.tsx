import { useEffect, useRef, type ReactNode } from 'react';

/** A redeemed code's message: 'Success!' and what it gave; focus moves here from the gone form. */
export function RedeemDone({ children }: { children: ReactNode }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <div className="redeem-done" role="status">
      <h2 className="redeem-done__title" tabIndex={-1} ref={title}>
        Success!
      </h2>
      {children}
    </div>
  );
}
