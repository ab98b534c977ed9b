/** R7.9 — the time track: spaces 1–12; build icons are a balance knob (config.buildSpaces). */
export const TIME_TRACK_SPACES = 12;
export const TIME_TOKEN_START = 1;
