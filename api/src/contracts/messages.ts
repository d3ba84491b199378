/** Messages of the spec, word for word. Every schema and screen takes them from here. */
export const Messages = {
  fieldRequired: 'Field is required',
  invalidEmail: 'Please enter a valid email',
  invalidCredentials: 'Invalid credentials!',
  passwordMin: 'Password should contain at least 8 characters',
  passwordMax: 'Password should contain maximum of 64 characters',
  passwordTooCommon: 'This password is too common',
  passwordsMustMatch: 'Passwords must match',
  passwordMustMatch: 'Password must match',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionExpiredModal: 'Your session has expired, please enter your password',
  incorrectPassword: 'Incorrect password',
  noMatchFor: 'No match for',
  areYouSure: 'Are you sure?',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  // Not a spec text: the API's answer while a security-question reset is pending (the site redirects first).
  securityQuestionChangeRequired: 'Please choose a new security question before you continue.',
  // Forgot and reset password. Forgot password gives every address this one
  // answer, so no one can learn who has an account.
  resetLinkMaybeSent: 'If an account uses this address, we have sent a link to reset its password.',
  tokenNotValid: 'Token is not valid!',
  wrongAnswer: 'Wrong answer!',
  passwordChangedSuccessfully: 'Password changed successfully!',
  // Change password and security question.
  wrongData: 'You provided wrong data',
  passwordChanged: 'Your password has been successfully changed.',
  passwordChangedByAdmin: 'Your password was changed by the system administrator. Please create a new password.',
  creatingNewPassword: 'Creating new password',
  // Registration and employee edit.
  registrationTokenInvalid: "Registration token isn't valid. Please try the link from the email one more time or contact support",
  alreadyRegistered: "You've already registered. Please enter your username and password on the login page",
  emailInUse: 'Email already in use',
  usernameInUse: 'Username already in use',
  // Impersonation.
  returnToMyAccount: 'Return To My Account',
  logOutFromImpersonation: 'Log out from impersonation mode',
  // Site shell (not spec texts, kept here so the site never retypes a message).
  serviceUnavailable: 'The service is not available right now. Please try again in a few minutes.',
  privacyStatement: 'Your personal information is used only internally and is never disclosed to third parties.',
  unknownSecurityQuestion: 'Please choose a security question from the list',
  notWhileImpersonating: 'This is not available while you are logged in as an employee',
  notImpersonating: 'You are not logged in as an employee',
  cannotImpersonateSelf: 'You cannot log in as yourself',
  testUserCannotImpersonate: 'Test users cannot log in as an employee',
  employeeNotRegistered: 'This employee has not created an account yet, so there is nothing to log in to. Send the welcome email first.',
  employeeAlreadyRegistered: 'This employee has already registered',
  employeeHasNoEmail: 'This employee has no email address to send the welcome email to',
  welcomeEmailSent: 'Welcome email sent',
  noEmployeeFound: 'No employee found!',
  // Not a spec text: names are one line of visible characters (decisions: no CR, LF or other control characters).
  nameControlCharacters: 'Names cannot contain line breaks or other control characters',
  // Site screens of the account flows (not spec texts; the spec names no success text for these).
  securityQuestionChanged: 'Your security question has been successfully changed.',
  privacyPolicyTitle: 'Privacy Notice',
  privacyPolicyAgreeHint: 'Please read the privacy notice and select Continue to accept it.',
  passwordPromptTitle: 'Enter your password',
  passwordPromptText: 'Enter your password to see this information.',
  // Formats.
  phoneInvalid: 'Phone number is not valid',
  ssnInvalid: 'Invalid SSN format',
  ssnNewborn: "If you don't have Social Security Number yet, please enter 000-00-0000",
  zipInvalid: 'Invalid ZIP format',
  dateInvalid: 'This is not a valid date',
  // Profile and dependents screens.
  whyWeCollect: 'Why do we collect this information?',
  profileSaveFailed: 'Error, when trying to create profile',
  noDependents: "You don't have any dependents",
  employeeHasNoDependents: "This employee doesn't have any dependents",
  allDependentsAtHome: 'All my dependents reside at my home address',
  selectDifferentAddress: 'Select dependents that have different home address',
  confirmDeleteDependent: 'Are you sure you want to delete a dependent?',
  dependentAddressesFailed: 'Cannot update dependents addresses',
  serverError: 'Server error',
  dependentDeleteFailed: 'Error, when trying to delete dependent',
  dependentCreateFailed: 'Error, when trying to create dependent',
  // Not spec texts: the confirmations after a save.
  dependentAdded: (name: string) => `${name} was added to your dependents.`,
  enrollmentFinished: 'Your enrollment is complete. We have emailed you a confirmation with your signed summary.',
  dependentUpdated: (name: string) => `${name}'s details were saved.`,
  dependentUpdateFailed: 'Error, when trying to update dependent',
  // Not spec texts: the spec names no message for these answers.
  unknownOption: 'Please choose a value from the list',
  disabledOnlyForChild: 'Only a child can be marked as totally disabled',
  noDependentFound: 'No dependent found!',
  zipNotFound: 'ZIP code not found',
} as const;

/** The census and the action center, word for word where the spec words them. */
export const CensusMessages = {
  employeeUpdated: 'Employee updated successfully!',
  employeeUpdateFailed: 'Employee updating error!',
  employeeCreated: 'Employee created successfully!',
  employeeCreateFailed: 'Employee creation error!',
  employeeTerminated: 'Employee terminated successfully!',
  employeeTerminationFailed: 'Employee termination error!',
  cannotBeNegative: 'Cannot be less than 0',
  approvingFailed: 'Error approving plan(s).',
  signingWait: 'We are signing all necessary documents. Please wait. This might take a while.',
  noActions: 'No Actions Found',
  noChangesLeft: 'No changes left for the selected employee',
  // Not spec texts: refusals the spec leaves unworded.
  cannotTerminateSelf: 'You cannot terminate yourself',
  onlyActiveCanBeTerminated: 'Only an active employee can be terminated',
  disabilityStartRequired: 'Field is required',
  terminationQualifyingEvent: 'Please choose a qualifying event from the list',
  accessEnded: (date: string) => `Your access to the portal ended on ${date}. Please contact your HR administrator.`,
  amountInvalid: 'Please enter an amount',
  nothingToApprove: 'There is nothing left to approve for this employee',
  // Resend invite: a fresh registration link; the one sent before stops working.
  resendInviteTitle: (name: string) => `Send a new registration link to ${name}?`,
  resendInviteIntro: (email: string) => `The link is emailed to ${email}. The link sent before stops working.`,
  resendInviteSubmit: 'Send the link',
  inviteSent: (to: string | null) => `A new registration link was emailed${to ? ` to ${to}` : ''}. The link sent before no longer works.`,
} as const;

/** Completeness error of a dependent card. */
export const missingFieldMessage = (label: string): string => `${label} is missing!`;

/** The Dependents step banner; names as "First Last", joined with commas. */
export const incompleteDependentsMessage = (names: readonly string[]): string =>
  `The information about your dependent(s) ${names.join(', ')} is not complete. Please fill in all required fields in order to continue.`;

/** Our own wording: these two warnings have no fixed text. */
export const marriageCertificateWarning = (name: string): string =>
  `${name}'s last name is different from yours. A marriage certificate upload may be required.`;
export const lastNameReasonWarning = (name: string): string =>
  `${name}'s last name is different from yours. Please select the reason for the different last name.`;

/** Message codes the site reacts to. */
export const MessageCodes = {
  tokenExpired: 40102,
  sessionIdle: 40801,
  passwordChangeRequired: 40305,
  securityQuestionChangeRequired: 40306,
} as const;
