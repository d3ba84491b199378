import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordsInstalled, installCommonPasswords } from './common-passwords';

/** Server-only part of the contracts: installs the common-password list (once) for ZNewPassword. */
export function loadCommonPasswords(): void {
  if (!commonPasswordsInstalled()) installCommonPasswords(dictionary['passwords-common']);
}
