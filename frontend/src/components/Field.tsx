/** The form kit's fields now live in components/form/; this path stays for the pages that still import it. */
export { SelectField, TextAreaField, TextField, type SelectFieldProps, type TextAreaFieldProps, type TextFieldProps } from './form/Field';
