/** The 3×5 planet grid (R1.4): one row per sector, Imperium fixed at (1,3). */
import styled from 'styled-components';
import type { Faction, PlanetId } from '../../game/content';
import type { GameState } from '../../game/rules';
import { colors, phone } from '../theme';
import { PlanetCard } from './PlanetCard';
import { LegendButton } from './details/LegendButton';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 22px repeat(5, minmax(0, 1fr));
  grid-template-rows: repeat(3, minmax(112px, 1fr));
  height: 100%;
  max-height: 620px;
  gap: 6px;
  align-items: stretch;
  ${phone} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
    grid-template-rows: none;
    height: auto;
    gap: 3px;
  }
`;

/** The legend button (issue 13 item 9) sits above the grid's top-right corner. */
const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  height: 100%;
  & > [role='group'] { flex: 1; min-height: 0; }
`;

const SectorLabel = styled.div`
  writing-mode: vertical-rl;
  transform: rotate(180deg);
  text-align: center;
  font-size: 11px;
  color: ${colors.muted};
  ${phone} { display: none; }
`;

export interface PlanetGridProps {
  view: GameState;
  seat: Faction | null;
  clickable: Set<string>;
  selected: Set<string>;
  onPlanet(p: PlanetId): void;
}

export function PlanetGrid({ view, seat, clickable, selected, onPlanet }: PlanetGridProps) {
  const rows = [0, 1, 2].map((r) => view.grid.slice(r * 5, r * 5 + 5));
  return (
    <Wrap>
    <LegendButton />
    <Grid role="group" aria-label="Planets, 3 sectors of 5">
      {rows.map((row, r) => [
        <SectorLabel key={`s${r}`}>Sector {r + 1}</SectorLabel>,
        ...row.map((p) => (
          <PlanetCard key={p} view={view} seat={seat} id={p} clickable={clickable.has(p)}
            selected={selected.has(p)} onClick={() => onPlanet(p)} />
        )),
      ])}
    </Grid>
    </Wrap>
  );
}
