/**
 * The Imperios Milenarios map as data (src/games/imperios/content/map.ts) against docs/imperios/RULES.md IM2.1 and
 * IM3: ids, symmetric borders, islands, halves per player count, reachability, the rulebook's Metropolis lists,
 * sites and the rulebook's worked examples. Expected lists are written here from the rulebook, by display name.
 */
import { describe, expect, it } from 'vitest';
import {
  ROW_COUNTS,
  STRAITS,
  TERRITORIES,
  TERRITORY_IDS,
  TERRITORY_LIST,
  adjacent,
  crossing,
  exploreLink,
  halvesFor,
  metropolisesFor,
  neighbours,
  settleLink,
  territoriesFor,
  type TerritoryId,
} from '../../../src/games/imperios/content/map';

const byName = new Map(TERRITORY_LIST.map((t) => [t.name, t.id]));
function id(name: string): TerritoryId {
  const found = byName.get(name);
  if (!found) throw new Error(`no territory named ${name}`);
  return found;
}

/** The rulebook's Metropolis lists; a trailing * marks a neighbour used only on the whole map. */
const WEST_METROPOLISES: Record<string, string[]> = {
  Iberia: ['Galicia', 'Pirineos', 'Lusitania', 'Mediterráneo Occidental'],
  Germania: ['Mar del Norte', 'Bélgica', 'Noricum', 'Panonia'],
  Roma: ['Etruria', 'Mediterráneo Central', 'Tarento'],
  Cartago: ['Túnez', 'Libia', 'Mediterráneo Central'],
  Hélade: ['Ítaca', 'Macedonia', 'Esparta', 'Mediterráneo Central', 'Mediterráneo Oriental'],
  Minos: ['Esparta', 'Mediterráneo Oriental'],
  Hattusas: ['Mar Negro', 'Frigia', 'Kanesh', 'Capadocia'],
  Asiria: ['Kanesh', 'Nínive', 'Harrán', 'Siria', 'Antioquia'],
  Egipto: ['Alejandría', 'Fayum', 'Tebas', 'Mar Rojo'],
  Nubia: ['Buhen', 'Tebas', 'Desierto de Nubia*', 'Meroe'],
};
const EAST_METROPOLISES: Record<string, string[]> = {
  Saba: ['Mar Rojo', 'Hiyaz', 'Desierto de Arabia', 'Adén', 'Golfo de Adén'],
  Babilonia: ['Sumeria', 'Harrán*', 'Susa', 'Golfo Pérsico'],
  Persia: ['Golfo Pérsico', 'Susiana', 'Persua', 'Ormuz'],
  Partia: ['Mar Caspio', 'Karakum', 'Zagros', 'Media'],
  India: ['Sind', 'Aria', 'Gandhara', 'Harappa', 'Maru'],
  Kushan: ['Bactria', 'Gandhara', 'Harappa', 'Rupar'],
  Mauría: ['Panchala', 'Kosambi', 'Bihar'],
  Drávida: ['Océano Índico', 'Sahyadri', 'Decán', 'Bahía de Bengala'],
};

const sorted = <T extends string>(xs: readonly T[]): T[] => [...xs].sort();

/** Every territory reachable from the first one of `ids` through adjacency inside `ids`. */
function reachable(ids: readonly TerritoryId[]): Set<TerritoryId> {
  const inPlay = new Set(ids);
  const seen = new Set<TerritoryId>([ids[0]!]);
  const queue = [ids[0]!];
  while (queue.length > 0) {
    for (const n of neighbours(queue.shift()!, inPlay)) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

describe('IM2.1 the territories', () => {
  it('IM2.1.1 ids and names are unique and every part of the map declares its own rows', () => {
    expect(new Set(TERRITORY_IDS).size).toBe(TERRITORY_IDS.length);
    expect(ROW_COUNTS.west + ROW_COUNTS.shared + ROW_COUNTS.east).toBe(TERRITORY_IDS.length);
    expect(new Set(TERRITORY_LIST.map((t) => t.name)).size).toBe(TERRITORY_LIST.length);
    for (const key of TERRITORY_IDS) expect(TERRITORIES[key].id).toBe(key);
  });

  it('IM2.1.2 borders are symmetric, never name the territory itself, and list each neighbour once', () => {
    for (const t of TERRITORY_LIST) {
      expect(t.borders, t.id).not.toContain(t.id);
      expect(new Set(t.borders).size, t.id).toBe(t.borders.length);
      for (const b of t.borders) expect(TERRITORIES[b].borders, `${b} should list ${t.id}`).toContain(t.id);
    }
  });

  it('IM2.1.2 two sea zones and two land territories may border; a sea zone borders some land', () => {
    for (const t of TERRITORY_LIST.filter((x) => x.kind === 'sea')) {
      expect(
        t.borders.some((b) => TERRITORIES[b].kind === 'land'),
        t.id,
      ).toBe(true);
    }
  });

  it('IM2.1.3 islands border only sea zones; Minos reaches Esparta only by its strait', () => {
    const islands = TERRITORY_LIST.filter((t) => t.island);
    expect(islands.map((t) => t.name).sort()).toEqual(
      ['Baleares', 'Britania', 'Cerdeña', 'Chipre', 'Minos', 'Sicilia', 'Taprobana'].sort(),
    );
    for (const t of islands) {
      expect(t.kind).toBe('land');
      for (const b of t.borders) expect(TERRITORIES[b].kind, `${t.id}–${b}`).toBe('sea');
    }
    expect(STRAITS).toHaveLength(1);
    expect(sorted(STRAITS[0]!.between)).toEqual(['esparta', 'minos']);
    expect(TERRITORIES.minos.borders).not.toContain('esparta');
    expect(TERRITORIES.esparta.borders).not.toContain('minos');
    expect(adjacent('minos', 'esparta') && adjacent('esparta', 'minos')).toBe(true);
    expect(crossing('esparta', 'minos')).toBe('strait');
  });

  it('IM2.1.3, IM8.1.2, IM9.1.5 the strait carries Explore always and Settle only with the land bridge', () => {
    expect(exploreLink('esparta', 'minos')).toBe(true);
    expect(settleLink('esparta', 'minos')).toBe(false);
    expect(settleLink('minos', 'esparta', { minosLandBridge: true })).toBe(true);
  });

  it('IM2.1.7 positions lie in the 1000 × 600 box, west to the left', () => {
    for (const t of TERRITORY_LIST) {
      expect(t.x >= 0 && t.x <= 1000 && t.y >= 0 && t.y <= 600, t.id).toBe(true);
    }
    const meanX = (half: 'west' | 'east') => {
      const xs = TERRITORY_LIST.filter((t) => t.halves.length === 1 && t.halves[0] === half).map((t) => t.x);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(meanX('west')).toBeLessThan(meanX('east'));
  });
});

describe('IM2.1.4, IM3.1.1 the halves and the players', () => {
  it('every territory is in one half, but the Red Sea is in both', () => {
    for (const t of TERRITORY_LIST) {
      expect(t.halves.length, t.id).toBe(t.id === 'marRojo' ? 2 : 1);
    }
    expect(sorted(TERRITORIES.marRojo.halves)).toEqual(['east', 'west']);
  });

  it('4 players use the East half, 5 the West half, 6–7 the whole map; other counts are refused', () => {
    expect(halvesFor(4)).toEqual(['east']);
    expect(halvesFor(5)).toEqual(['west']);
    expect(sorted(halvesFor(6))).toEqual(['east', 'west']);
    expect(sorted(halvesFor(7))).toEqual(['east', 'west']);
    for (const n of [0, 3, 8]) expect(() => territoriesFor(n)).toThrow(RangeError);
    const four = new Set(territoriesFor(4));
    const five = new Set(territoriesFor(5));
    expect(territoriesFor(6)).toHaveLength(TERRITORY_IDS.length);
    expect(territoriesFor(7)).toHaveLength(TERRITORY_IDS.length);
    expect([...four].filter((x) => five.has(x))).toEqual(['marRojo']);
    expect(four.size + five.size - 1).toBe(TERRITORY_IDS.length);
    for (const name of Object.keys(EAST_METROPOLISES)) expect(four.has(id(name)), name).toBe(true);
    for (const name of Object.keys(WEST_METROPOLISES)) expect(five.has(id(name)), name).toBe(true);
    // The rulebook's starred neighbours belong to the other half.
    expect(five.has('harran') && !four.has('harran')).toBe(true);
    expect(four.has('desiertoNubia') && !five.has('desiertoNubia')).toBe(true);
  });

  it('every territory is reachable within each half as played and on the whole map', () => {
    for (const players of [4, 5, 6]) {
      const ids = territoriesFor(players);
      expect(reachable(ids).size, `${players} players`).toBe(ids.length);
    }
  });
});

describe('IM3.4 the Metropolises', () => {
  const all = { ...WEST_METROPOLISES, ...EAST_METROPOLISES };

  it('the Metropolis sites are exactly the rulebook’s eighteen', () => {
    const sites = TERRITORY_LIST.filter((t) => t.site?.kind === 'metropolis').map((t) => t.id);
    expect(sorted(sites)).toEqual(sorted(Object.keys(all).map(id)));
    expect(sorted(metropolisesFor(4))).toEqual(sorted(Object.keys(EAST_METROPOLISES).map(id)));
    expect(sorted(metropolisesFor(5))).toEqual(sorted(Object.keys(WEST_METROPOLISES).map(id)));
  });

  it('IM3.4.3 on the whole map each Metropolis is adjacent to exactly its rulebook list', () => {
    for (const [metropolis, list] of Object.entries(all)) {
      const expected = sorted(list.map((n) => id(n.replace('*', ''))));
      expect(sorted(neighbours(id(metropolis))), metropolis).toEqual(expected);
    }
  });

  it('IM3.4.3 on its own half each Metropolis is adjacent to its list without the starred entries', () => {
    for (const [players, lists] of [
      [5, WEST_METROPOLISES],
      [4, EAST_METROPOLISES],
    ] as const) {
      const inPlay = new Set(territoriesFor(players));
      for (const [metropolis, list] of Object.entries(lists)) {
        const expected = sorted(list.filter((n) => !n.endsWith('*')).map(id));
        expect(sorted(neighbours(id(metropolis), inPlay)), metropolis).toEqual(expected);
      }
    }
  });

  it('IM3.4.2 no two Metropolises are adjacent', () => {
    const ids = Object.keys(all).map(id);
    for (const a of ids) for (const b of ids) expect(adjacent(a, b), `${a}–${b}`).toBe(false);
  });
});

describe('IM2.1.6, IM13.1.2 sites and wreaths', () => {
  it('a site is on land; a Metropolis is level 5 and costs 5 armies; a City costs its level, 3 to 5', () => {
    for (const t of TERRITORY_LIST) {
      if (!t.site) continue;
      expect(t.kind, t.id).toBe('land');
      expect([3, 4, 5], t.id).toContain(t.site.level);
      if (t.site.kind === 'metropolis') expect([t.site.level, t.site.armies], t.id).toEqual([5, 5]);
      else expect(t.site.armies, t.id).toBe(t.site.level);
    }
  });

  it('a territory with a site scores no wreath; one without scores 1 or 2', () => {
    for (const t of TERRITORY_LIST) {
      if (t.site) expect(t.wreath, t.id).toBe(0);
      else expect([1, 2], t.id).toContain(t.wreath);
    }
  });

  it('each Metropolis has a City among its neighbours (IM11.2: the Stone Age asks for one)', () => {
    for (const m of TERRITORY_LIST.filter((t) => t.site?.kind === 'metropolis')) {
      expect(
        neighbours(m.id).some((n) => TERRITORIES[n].site?.kind === 'city'),
        m.id,
      ).toBe(true);
    }
  });
});

describe('IM2.1 the rulebook’s worked examples hold on the data', () => {
  it('Egipto and Tyro, Alejandría and Nabatea only meet at a corner', () => {
    expect(adjacent('egipto', 'tyro')).toBe(false);
    expect(adjacent('alejandria', 'nabatea')).toBe(false);
  });

  it('Persia reaches Omán through the Golfo Pérsico; Caldea borders Omán by land; Omán has a City', () => {
    expect(exploreLink('persia', 'golfoPersico') && exploreLink('golfoPersico', 'oman')).toBe(true);
    expect(adjacent('golfoPersico', 'caldea')).toBe(true);
    expect(crossing('caldea', 'oman')).toBe('land');
    expect(settleLink('caldea', 'oman')).toBe(true);
    expect(exploreLink('caldea', 'oman')).toBe(false);
    expect(settleLink('golfoPersico', 'oman')).toBe(false);
    expect(TERRITORIES.oman.site?.kind).toBe('city');
    expect(TERRITORIES.golfoPersico.kind).toBe('sea');
  });

  it('Egipto marches on Minos through Alejandría and the Mediterráneo Oriental', () => {
    expect(adjacent('egipto', 'alejandria') && adjacent('alejandria', 'medOriental')).toBe(true);
    expect(adjacent('medOriental', 'minos')).toBe(true);
  });
});
