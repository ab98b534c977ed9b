/**
 * The East half of the Imperios Milenarios map (docs/imperios/RULES.md IM2.1): Babylon to the Bay of Bengal, with
 * Arabia and the Horn of Africa. Rows as in map-west.ts: name, schematic position, wreath points, borders, then its
 * site and island mark.
 */
import type { TerritoryDef, TerritoryId } from './map-types';
import { ISLAND, METROPOLIS, city, rowsIn } from './map-types';

const { land, sea } = rowsIn(['east']);
const M = { site: METROPOLIS };
const C3 = { site: city(3) };
const C4 = { site: city(4) };
const C5 = { site: city(5) };

// One territory per line reads as a table; Prettier would give each field a line of its own.
// prettier-ignore
export const EAST = {
  // Mesopotamia, Iran and Central Asia
  babilonia: land('Babilonia', [560, 320], 0, ['harran', 'sumeria', 'susa', 'golfoPersico'], M),
  sumeria: land('Sumeria', [575, 365], 0, ['babilonia', 'caldea', 'desiertoArabia', 'golfoPersico'], C5),
  susa: land('Susa', [605, 288], 0, ['babilonia', 'harran', 'zagros', 'susiana', 'golfoPersico'], C5),
  susiana: land('Susiana', [640, 330], 1, ['susa', 'persia', 'persua', 'golfoPersico']),
  zagros: land('Zagros', [632, 238], 2, ['ninive', 'harran', 'media', 'partia', 'susa', 'persua', 'aria']),
  media: land('Media', [600, 192], 0, ['urartu', 'ninive', 'zagros', 'partia', 'marCaspio'], C4),
  partia: land('Partia', [690, 195], 0, ['marCaspio', 'karakum', 'zagros', 'media'], M),
  karakum: land('Karakum', [760, 140], 2, ['marCaspio', 'partia', 'aria', 'bactria']),
  persua: land('Persua', [700, 290], 1, ['zagros', 'susiana', 'persia', 'ormuz', 'gedrosia', 'aria']),
  persia: land('Persia', [690, 345], 0, ['golfoPersico', 'susiana', 'persua', 'ormuz'], M),
  ormuz: land('Ormuz', [730, 392], 0, ['persia', 'persua', 'gedrosia', 'golfoPersico', 'marArabigo'], C3),
  gedrosia: land('Gedrosia', [765, 360], 2, ['aria', 'persua', 'ormuz', 'sind', 'marArabigo']),
  aria: land('Aria', [760, 250], 1, ['zagros', 'karakum', 'bactria', 'gandhara', 'india', 'sind', 'gedrosia', 'persua']),
  bactria: land('Bactria', [830, 160], 0, ['karakum', 'aria', 'gandhara', 'kushan'], C4),
  // Arabia and the Horn of Africa
  caldea: land('Caldea', [612, 420], 1, ['sumeria', 'desiertoArabia', 'oman', 'golfoPersico']),
  oman: land('Omán', [680, 450], 0, ['caldea', 'desiertoArabia', 'hadramaut', 'golfoPersico', 'marArabigo'], C4),
  hadramaut: land('Hadramaut', [640, 515], 0, ['aden', 'desiertoArabia', 'oman', 'golfoAden', 'marArabigo'], C3),
  aden: land('Adén', [595, 555], 0, ['saba', 'hadramaut', 'golfoAden'], C4),
  saba: land('Saba', [555, 520], 0, ['marRojo', 'hiyaz', 'desiertoArabia', 'aden', 'golfoAden'], M),
  hiyaz: land('Hiyaz', [525, 440], 2, ['saba', 'nabatea', 'desiertoArabia', 'marRojo']),
  desiertoArabia: land('Desierto de Arabia', [580, 455], 2, [
    'saba', 'hiyaz', 'nabatea', 'siria', 'harran', 'sumeria', 'caldea', 'oman', 'hadramaut']),
  desiertoNubia: land('Desierto de Nubia', [470, 545], 2, ['nubia', 'tebas', 'meroe', 'punt', 'marRojo']),
  punt: land('Punt', [505, 580], 0, ['desiertoNubia', 'meroe', 'marRojo', 'golfoAden'], C3),
  // India
  gandhara: land('Gandhara', [830, 230], 0, ['aria', 'bactria', 'kushan', 'india'], C4),
  kushan: land('Kushan', [885, 190], 0, ['bactria', 'gandhara', 'harappa', 'rupar'], M),
  india: land('India', [830, 300], 0, ['sind', 'aria', 'gandhara', 'harappa', 'maru'], M),
  harappa: land('Harappa', [885, 270], 0, ['india', 'kushan', 'rupar', 'panchala', 'maru'], C5),
  rupar: land('Rupar', [935, 220], 1, ['kushan', 'harappa', 'panchala']),
  panchala: land('Panchala', [925, 290], 0, ['rupar', 'harappa', 'maru', 'kosambi', 'mauria', 'bihar'], C4),
  mauria: land('Mauría', [960, 322], 0, ['panchala', 'kosambi', 'bihar'], M),
  bihar: land('Bihar', [985, 285], 0, ['panchala', 'mauria', 'kosambi', 'kalinga', 'vanga'], C3),
  kosambi: land('Kosambi', [935, 360], 0, ['panchala', 'mauria', 'bihar', 'kalinga', 'decan', 'avanti'], C4),
  vanga: land('Vanga', [990, 370], 0, ['bihar', 'kalinga', 'bahiaBengala'], C3),
  kalinga: land('Kalinga', [958, 410], 0, ['vanga', 'bihar', 'kosambi', 'decan', 'bahiaBengala'], C4),
  avanti: land('Avanti', [880, 392], 0, ['maru', 'kosambi', 'decan', 'sahyadri', 'marArabigo'], C4),
  maru: land('Maru', [865, 345], 2, ['india', 'sind', 'harappa', 'panchala', 'avanti', 'marArabigo']),
  sind: land('Sind', [800, 372], 0, ['india', 'aria', 'gedrosia', 'maru', 'marArabigo'], C3),
  sahyadri: land('Sahyadri', [870, 440], 2, ['avanti', 'decan', 'dravida', 'marArabigo', 'oceanoIndico']),
  decan: land('Decán', [915, 430], 0, ['avanti', 'kosambi', 'kalinga', 'sahyadri', 'dravida', 'bahiaBengala'], C3),
  dravida: land('Drávida', [905, 495], 0, ['oceanoIndico', 'sahyadri', 'decan', 'bahiaBengala'], M),
  taprobana: land('Taprobana', [935, 560], 0, ['oceanoIndico', 'bahiaBengala'], { ...ISLAND, ...C3 }),
  // Seas
  marCaspio: sea('Mar Caspio', [650, 115], 1, ['escitia', 'urartu', 'media', 'partia', 'karakum']),
  golfoPersico: sea('Golfo Pérsico', [645, 390], 1, [
    'babilonia', 'sumeria', 'caldea', 'oman', 'susa', 'susiana', 'persia', 'ormuz', 'marArabigo']),
  golfoAden: sea('Golfo de Adén', [600, 590], 1, ['saba', 'aden', 'hadramaut', 'punt', 'marRojo', 'marArabigo']),
  marArabigo: sea('Mar Arábigo', [745, 485], 1, [
    'golfoAden', 'golfoPersico', 'hadramaut', 'oman', 'ormuz', 'gedrosia', 'sind', 'maru', 'avanti', 'sahyadri',
    'oceanoIndico']),
  oceanoIndico: sea('Océano Índico', [830, 550], 1, ['marArabigo', 'sahyadri', 'dravida', 'taprobana', 'bahiaBengala']),
  bahiaBengala: sea('Bahía de Bengala', [975, 470], 1, [
    'vanga', 'kalinga', 'decan', 'dravida', 'taprobana', 'oceanoIndico']),
} satisfies Partial<Record<TerritoryId, TerritoryDef>>;
