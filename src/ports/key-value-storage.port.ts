/**
 * The string storage a browser gives (window.localStorage), as the local record and the memory
 * backend use it. Any call may throw (storage disabled, quota exceeded); callers survive that.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
