/** '1 min', '25 min' */
export function minutes(mins: number): string {
  return `${mins} min`;
}
