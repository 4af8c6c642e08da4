/** The time source, so that tests control it. */
export interface Clock {
  now(): Date;
}
