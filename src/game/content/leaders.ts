import type { Attribute, Faction, LeaderId } from './types';

/** R7.2 — leaders and their attribute icons. */
export interface LeaderDef {
  id: LeaderId;
  faction: Faction;
  name: string;
  icons: Attribute[];
}

export const LEADERS: Record<LeaderId, LeaderDef> = {
  'LD-R1': { id: 'LD-R1', faction: 'R', name: 'Envoy Nessa Quill', icons: ['D', 'D'] },
  'LD-R2': { id: 'LD-R2', faction: 'R', name: 'Captain Tarek Vonn', icons: ['F', 'I'] },
  'LD-R3': { id: 'LD-R3', faction: 'R', name: 'Spymaster Ilo Brecht', icons: ['I'] },
  'LD-I1': { id: 'LD-I1', faction: 'I', name: 'Marshal Veda Kross', icons: ['F', 'F'] },
  'LD-I2': { id: 'LD-I2', faction: 'I', name: 'Overseer Calyx Dorn', icons: ['D', 'I'] },
  'LD-I3': { id: 'LD-I3', faction: 'I', name: 'Agent Serrin Hale', icons: ['I'] },
};

export const LEADER_IDS = Object.keys(LEADERS) as LeaderId[];
export const FACTION_LEADERS: Record<Faction, LeaderId[]> = {
  R: ['LD-R1', 'LD-R2', 'LD-R3'],
  I: ['LD-I1', 'LD-I2', 'LD-I3'],
};

/** Number of a leader's icons that match an attribute (R4.2.6). */
export function iconCount(leader: LeaderId, attribute: Attribute): number {
  return LEADERS[leader].icons.filter((i) => i === attribute).length;
}
