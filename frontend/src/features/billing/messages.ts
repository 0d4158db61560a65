/** Checkout texts of the member spec (§5 validation, §8 error catalogue). */
export const EMAIL_REQUIRED_MESSAGE = 'Please input an email address. We will send your payment receipt to that email.';
export const INVALID_PLAN_MESSAGE = 'Invalid plan id';
export const CARD_INVALID_MESSAGE = 'There was an error processing your request. Please make sure your card number is valid.';
export const CHECKOUT_ERROR_MESSAGE = 'There was an error processing your request. Please try again later.';
export const PAYPAL_ERROR_MESSAGE = 'There was an error processing your PayPal payment. Please try again later.';
export const COUPON_REQUIRED_MESSAGE = 'Please enter a coupon code.';
export const NO_METHOD_MESSAGE = 'Payments are not available right now. Please try again later.';

/** The server's answer for plans checkout does not sell yet (gifts, seats, books, quiz results). */
export const NOT_SOLD_YET_MESSAGE = 'This plan cannot be bought by card here yet.';
