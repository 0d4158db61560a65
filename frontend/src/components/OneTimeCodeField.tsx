import { useRef, useState } from 'react';
import { Button } from './Button';
import { TextField, type TextFieldProps } from './form/Field';

export const USE_RECOVERY_LABEL = 'Use a recovery code instead';
export const USE_APP_CODE_LABEL = 'Use a code from your app';

interface OneTimeCodeFieldProps extends Omit<TextFieldProps, 'inputMode' | 'autoComplete'> {
  /** Recovery codes have letters: the field can switch from the number pad to the keyboard. */
  acceptsRecoveryCode?: boolean;
}

/**
 * A two-factor code: the phone's number pad and the code the phone offers from a message
 * (`one-time-code`); where a recovery code is good too, one button switches to the full keyboard.
 */
export function OneTimeCodeField({ acceptsRecoveryCode = false, ...field }: OneTimeCodeFieldProps) {
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const switchKeyboard = () => {
    setRecovery((on) => !on);
    // The keyboard changes on the next focus: give it back to the field.
    input.current?.blur();
    requestAnimationFrame(() => input.current?.focus());
  };
  return (
    <>
      <TextField
        ref={input}
        {...field}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      {acceptsRecoveryCode ? (
        <Button variant="ghost" size="sm" onClick={switchKeyboard}>
          {recovery ? USE_APP_CODE_LABEL : USE_RECOVERY_LABEL}
        </Button>
      ) : null}
    </>
  );
}
