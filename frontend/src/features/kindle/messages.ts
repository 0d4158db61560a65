/** Back-office spec §5 and §8: the Kindle form's texts. */
export const KINDLE_FORM_INCOMPLETE = 'Please complete the form.';
export const KINDLE_SAVED = 'Successful set your kindle email.';
