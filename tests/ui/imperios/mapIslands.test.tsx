// @vitest-environment happy-dom
/**
 * Islands on the map take their own clicks (issue 23 item 3): a sea's cell reaches under the islands in it
 * (src/ui/imperios/mapGeometry.ts), so every island's shape must come after the seas around it, or the sea's shape
 * (transparent, but painted) sits on top and takes the click: Minos, chosen as a Metropolis by a real mouse,
 * answered as the Eastern Mediterranean did nothing. The browser's own hit test is in tests/e2e/imperios-hotseat.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TERRITORIES, TERRITORY_LIST, type TerritoryId } from '../../../src/games/imperios/content/map';
import { MapView, territoryInPlay } from '../../../src/ui/imperios/MapView';

afterEach(cleanup);

describe('IM2.1.3 Imperios map: islands above their seas (an island borders only sea zones)', () => {
  for (const players of [4, 5, 7]) {
    it(`${players} players: each island's shape comes after every sea it borders, offered or not`, () => {
      const inPlay = TERRITORY_LIST.filter((t) => territoryInPlay(t, players));
      const islands = inPlay.filter((t) => t.island);
      expect(islands.length).toBeGreaterThan(0);
      // Half the territories offered (the islands among them), so both kinds of shape are ordered.
      const choosable = new Set<TerritoryId>(inPlay.filter((t, i) => t.island || i % 2 === 0).map((t) => t.id));
      const view = { players, board: {} } as Parameters<typeof MapView>[0]['view'];
      render(<MapView view={view} choosable={choosable} onChoose={() => {}} />);
      const order = [...document.querySelectorAll('[data-testid="imp-map"] [data-territory]')].map((el) => el.getAttribute('data-territory'));
      for (const island of islands) {
        const at = order.indexOf(island.id);
        expect(at, island.id).toBeGreaterThanOrEqual(0);
        for (const sea of island.borders.filter((b) => TERRITORIES[b].kind === 'sea' && order.includes(b))) {
          expect(order.indexOf(sea), `${sea} under ${island.id}`).toBeLessThan(at);
        }
      }
    });
  }
});
