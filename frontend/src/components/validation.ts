/** The form kit's checks now live in components/form/validation.ts; this path stays for the pages that still import it. */
export { firstMissing, requiredMessage } from './form/validation';
