/** Back-office spec §5, Contact and Suggest: any of name, e-mail and message empty. */
export const COMPLETE_FORM_MESSAGE = 'Please complete the form.';
/** Back-office spec §5, Feedback: the feedback or the e-mail empty. */
export const REQUIRED_FIELDS_MESSAGE = 'Please input the required fields.';
/** The server's answer to an e-mail address that cannot be one (checked here first). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
