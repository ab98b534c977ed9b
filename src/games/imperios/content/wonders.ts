/**
 * The three wonders (docs/imperios/RULES.md IM2.7, G9). Their effects are applied where the rules cite them: the
 * Pyramids in IM6.5, the Hanging Gardens in IM8.2.6, the Colossus in IM13.1.5. Pure data.
 */
export const WONDER_IDS = ['pyramids', 'hangingGardens', 'colossus'] as const;

export type WonderId = (typeof WONDER_IDS)[number];

export const WONDERS: { readonly [K in WonderId]: { readonly name: string } } = {
  pyramids: { name: 'Pyramids' },
  hangingGardens: { name: 'Hanging Gardens' },
  colossus: { name: 'Colossus' },
};

/** IM9.2.1: black actions to build one. */
export const WONDER_COST = 6;
/** IM13.1.5: points to its builder. */
export const WONDER_POINTS = 12;

export function isWonderId(x: unknown): x is WonderId {
  return typeof x === 'string' && (WONDER_IDS as readonly string[]).includes(x);
}
