/** Addresses of the onboarding wizard's screens, shared by its loader and its page. */
export const onboardingPath = (index: number, extra = ''): string => `/onboarding?step=${index + 1}${extra}`;
