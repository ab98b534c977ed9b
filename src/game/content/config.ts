/**
 * B7 — every balance knob in one object, so a balance study can vary them without touching rules code.
 * The defaults are the standard game. The config lives in the (public) game state.
 */
export interface GameConfig {
  /** B7.1 — objective token start space (R3.2). */
  objectiveStart: number;
  /** B7.2 — time-track spaces with a build icon (R7.9). */
  buildSpaces: number[];
  /** B7.3 — how many shuffled deck I objectives are used (R3.3). */
  deckISize: number;
  /** B7.3 — objectives revealed per window (R4.5.2). */
  revealsPerWindow: number;
  /** B7.3 — objective thresholds, keyed by objective id. */
  thresholds: Record<string, number>;
  /** B7.4 — probe cards drawn at each Refresh (R4.4.3). */
  probesPerRefresh: number;
  /** B7.4 — probe cards the Rebel looks at when relocating (R6.2.7). */
  relocationLook: number;
  /** B7.4 — rounds after a relocation in which R-S4 cannot be revealed. */
  relocationCooldown: number;
  /** B7.4 — switch: check the occupation win at every state check (R1.2.1), off by default. */
  occupationAtEveryCheck: boolean;
  /** B7.5 — R5.9a driven-off variant (not implemented yet: must stay false). */
  drivenOff: boolean;
  /** B7.5 — guarantee Secret Plans among the top N cards of deck I (null = off). */
  secretPlansTopN: number | null;
  /** B7.6 — supply limits per faction (R7.3). */
  supply: { R: { f: number; c: number }; I: { f: number; c: number; s: number } };
  /** B7.6 — build-queue spots (R7.4). */
  queueSpots: number;
  /** B7.7 — deployment cap per location per round (R4.4.7). */
  deployCap: number;
  /** B7.7 — mission hand limit (R4.4.2). */
  handLimit: number;
  /** B7.7 — ties in a mission attempt go to the revealing player (R4.2.6). */
  tiesToRevealer: boolean;
}

export const DEFAULT_CONFIG: GameConfig = {
  objectiveStart: 12,
  buildSpaces: [2, 4, 6, 8, 10],
  deckISize: 8,
  revealsPerWindow: 1,
  thresholds: {
    'O1-1': 5, // Spark of Defiance: planets with loyalty
    'O1-3': 2, // Jammed Shipyards
    'O1-4': 2, // Forward Scouts: Rebel units
    'O1-5': 4, // Scattered Cells: planets with Rebel units
    'O1-5b': 2, // … of which not Rebel Loyal
    'O1-6': 5, // Hidden Reserve: units on the base card
    'O1-7': 2, // Frontier Friends
    'O2-1': 5, // Network
    'O2-3': 5, // United Sectors: Rebel aligned planets in total
    'O2-4': 3, // Rout: Imperial units destroyed
    'O2-5': 2, // Knife at the Throat: planets adjacent to Imperium
    'O2-7': 3, // Blackout
    'O2-8': 6, // Liberation Fleet
  },
  probesPerRefresh: 2, // issue 24: the balance study (docs/balance/README.md); was 1
  relocationLook: 3,
  relocationCooldown: 0, // issue 24: the shipped-budget balance study (docs/balance/README.md); was 1
  occupationAtEveryCheck: false,
  drivenOff: false,
  secretPlansTopN: null,
  supply: { R: { f: 12, c: 5 }, I: { f: 16, c: 6, s: 1 } },
  queueSpots: 3,
  deployCap: 2,
  handLimit: 7,
  tiesToRevealer: true,
};

/** A config with some knobs changed; thresholds are merged key by key. */
export function makeConfig(overrides: Partial<GameConfig> = {}): GameConfig {
  return {
    ...DEFAULT_CONFIG,
    ...overrides,
    thresholds: { ...DEFAULT_CONFIG.thresholds, ...(overrides.thresholds ?? {}) },
    supply: overrides.supply ?? DEFAULT_CONFIG.supply,
  };
}
