import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this page (the host makes a fresh one per response). Empty in the
 * browser, where nonces are hidden from scripts and nothing new is inlined after hydration.
 */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = (): string => useContext(NonceContext);
