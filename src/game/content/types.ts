/** Shared ids and small types of the game's content (RULES §7). Pure data, no logic. */

export type Faction = 'R' | 'I';
/** Planet ids: the letter of a lettered planet, or IMP for Imperium (PL-IMP). */
export type PlanetId =
  | 'IMP' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N';
export type LetterId = Exclude<PlanetId, 'IMP'>;
export type PlanetType = 'production' | 'loyal' | 'remote';
/** f = starfighter, c = capital ship, s = Star Fortress (Imperial only). */
export type UnitType = 'f' | 'c' | 's';
export type Attribute = 'D' | 'I' | 'F';
export type LeaderId = 'LD-R1' | 'LD-R2' | 'LD-R3' | 'LD-I1' | 'LD-I2' | 'LD-I3';
export type MissionId =
  | 'R-S1' | 'R-S2' | 'R-S3' | 'R-S4' | 'R-01' | 'R-02' | 'R-03' | 'R-04' | 'R-05' | 'R-06' | 'R-07' | 'R-08' | 'R-09'
  | 'I-S1' | 'I-S2' | 'I-S3' | 'I-S4' | 'I-01' | 'I-02' | 'I-03' | 'I-04' | 'I-05' | 'I-06' | 'I-07' | 'I-08' | 'I-09';
export type ObjectiveId =
  | 'O1-1' | 'O1-2' | 'O1-3' | 'O1-4' | 'O1-5' | 'O1-6' | 'O1-7' | 'O1-8'
  | 'O2-1' | 'O2-2' | 'O2-3' | 'O2-4' | 'O2-5' | 'O2-6' | 'O2-7' | 'O2-8';

/** A production tab entry: put `count` units of `unit` on build-queue spot `spot` (1-based). R7.1, R7.4 */
export interface TabEntry {
  unit: 'f' | 'c';
  count: number;
  spot: number;
}
