/** The form kit's alert hook now lives in components/form/use-form-status.ts; this path stays for the pages that still import it. */
export { useFormAlert } from './form/use-form-status';
