/** Messages of the spec, word for word. Every schema and screen takes them from here. */
export const Messages = {
  fieldRequired: 'Field is required',
  invalidEmail: 'Please enter a valid email',
  invalidCredentials: 'Invalid credentials!',
  passwordMin: 'Password should contain at least 5 characters',
  passwordMax: 'Password should contain maximum of 20 characters',
  passwordsMustMatch: 'Passwords must match',
  passwordMustMatch: 'Password must match',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionExpiredModal: 'Your session has expired, please enter your password',
  incorrectPassword: 'Incorrect password',
  noMatchFor: 'No match for',
  areYouSure: 'Are you sure?',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  // Site shell (not spec texts, kept here so the site never retypes a message).
  comingSoon: 'This screen is coming soon.',
  serviceUnavailable: 'The service is not available right now. Please try again in a few minutes.',
  privacyStatement: 'Your personal information is used only internally and is never disclosed to third parties.',
} as const;

/** Message codes the site reacts to (document 1 section 8). */
export const MessageCodes = {
  tokenExpired: 40102,
  sessionIdle: 40801,
  notRegistered: 40304,
} as const;
