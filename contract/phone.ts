/**
 * SPEC 5's contact phone: an 11-digit mobile number; a landline with its area code, 5 to 8 digits
 * and an optional extension; or a plain number of 5 to 8 digits.
 */
export const CONTACT_PHONE_PATTERN = /^(?:1\d{10}|0\d{2,3}-?\d{5,8}(?:-\d{1,6})?|\d{5,8})$/;

export const isContactPhone = (value: string): boolean => CONTACT_PHONE_PATTERN.test(value);
