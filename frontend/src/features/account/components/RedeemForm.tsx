import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { errorMessage } from '@/lib/api/client';
import type { RedeemResult } from '../api/types';
import { useRedeemCode, type CodeKind } from '../api/redeem';

/** Member spec §5: the code must not be empty (it is trimmed first). */
export const REDEEM_REQUIRED_MESSAGE = 'Please provide a valid redemption code.';
/** Member spec §8: the server's error, else the exception's message, else this. */
export const REDEEM_ERROR_MESSAGE = 'There was an error processing your request.';

interface RedeemFormProps {
  kind: CodeKind;
  label: string;
  /** What replaces the form once the code is redeemed. */
  success: (result: RedeemResult) => ReactNode;
  hint?: ReactNode;
}

/**
 * One code field and a 'Redeem Code' button ('Redeeming...' while the call runs): idle, loading,
 * complete (the `success` view) or error (member spec §4, Redeem).
 */
export function RedeemForm({ kind, label, success, hint }: RedeemFormProps) {
  const redeem = useRedeemCode(kind);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (redeem.data) return <>{success(redeem.data)}</>;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const typed = code.trim();
    if (!typed) {
      setProblem(REDEEM_REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    redeem.mutate(typed, { onError: (error) => setProblem(errorMessage(error, REDEEM_ERROR_MESSAGE)) });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
      <TextField
        label={label}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={hint}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" loading={redeem.isPending} loadingText="Redeeming...">
        Redeem Code
      </Button>
    </form>
  );
}
