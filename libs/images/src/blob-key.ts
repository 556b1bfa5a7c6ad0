const KEY = /^[A-Za-z0-9_-]{1,128}(\/[A-Za-z0-9_-]{1,128}){0,7}$/;

/** Keys are `/`-separated segments of letters, digits, `_` and `-`: no `..`, no absolute paths. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid blob key "${key}"`);
}
