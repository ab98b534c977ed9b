/** What every event map of this folder shares. */

/** The payload of an event that says only that it happened (its kind and round are the event's head). */
export type NoFields = Record<never, never>;
