/**
 * The common-password rule of ZNewPassword. The list (about 49,000 words from
 * @zxcvbn-ts/language-common) is installed by the server side only, through `./server` (the API at boot, the
 * site's server entry): the browser never downloads it, and its check stays a comfort while the server's
 * answer (same schema, same message) decides.
 */
let common: ReadonlySet<string> | undefined;

export function installCommonPasswords(list: Iterable<string>): void {
  common = new Set(Array.from(list, (word) => word.toLowerCase()));
}

/** True for a password on the list, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return common?.has(password.toLowerCase()) ?? false;
}

export function commonPasswordsInstalled(): boolean {
  return common !== undefined;
}
