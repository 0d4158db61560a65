/** The id of a field's hint, made from its control's id. */
export function hintId(controlId: string): string {
  return `${controlId}-hint`;
}

/** A control's `aria-describedby`: the ids given, in order, without the empty ones; undefined when none is left. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
