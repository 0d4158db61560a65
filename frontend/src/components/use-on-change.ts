import { useState } from 'react';

/**
 * Calls `onChange(value)` while rendering when `value` differs from the previous render's (not on
 * the first render). It is React's "adjusting some state when a prop changes": `onChange` may only
 * set state of the calling component, which React then applies before the children render, where
 * an effect that sets state would render everything twice.
 */
export function useOnChange<T>(value: T, onChange: (value: T) => void): void {
  const [previous, setPrevious] = useState(value);
  if (!Object.is(previous, value)) {
    setPrevious(value);
    onChange(value);
  }
}
