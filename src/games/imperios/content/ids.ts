/**
 * The ids of every territory of the Imperios Milenarios map (docs/imperios/RULES.md IM2.1), grouped by region. The
 * rows themselves are in map-west.ts, map-east.ts and map.ts; the compiler checks that each id has exactly one row.
 */
// prettier-ignore
export const TERRITORY_IDS = [
  // West: Iberia, Gaul, the Alps and the North Sea
  'galicia', 'lusitania', 'iberia', 'pirineos', 'galia', 'britania', 'belgica', 'germania', 'noricum', 'panonia',
  // West: Italy, the Balkans, Greece and the islands
  'cisalpina', 'etruria', 'roma', 'tarento', 'sicilia', 'cerdena', 'baleares', 'iliria', 'dacia', 'escitia',
  'tracia', 'macedonia', 'itaca', 'helade', 'esparta', 'minos', 'chipre',
  // West: Anatolia, the Caucasus, Syria and Upper Mesopotamia
  'troya', 'lidia', 'frigia', 'hattusas', 'capadocia', 'colquide', 'urartu', 'kanesh', 'cilicia', 'antioquia',
  'asiria', 'ninive', 'harran', 'siria', 'tyro', 'nabatea',
  // West: Egypt, Nubia and North Africa
  'alejandria', 'egipto', 'fayum', 'tebas', 'buhen', 'nubia', 'meroe', 'libia', 'garamantes', 'cartago', 'tunez',
  'numidia', 'mauritania',
  // West: seas
  'atlantico', 'marDelNorte', 'medOccidental', 'medCentral', 'medOriental', 'marNegro',
  // Both halves
  'marRojo',
  // East: Mesopotamia, Iran and Central Asia
  'babilonia', 'sumeria', 'susa', 'susiana', 'zagros', 'media', 'partia', 'karakum', 'persua', 'persia', 'ormuz',
  'gedrosia', 'aria', 'bactria',
  // East: Arabia and the Horn of Africa
  'caldea', 'oman', 'hadramaut', 'aden', 'saba', 'hiyaz', 'desiertoArabia', 'desiertoNubia', 'punt',
  // East: India
  'gandhara', 'kushan', 'india', 'harappa', 'rupar', 'panchala', 'mauria', 'bihar', 'kosambi', 'vanga', 'kalinga',
  'avanti', 'maru', 'sind', 'sahyadri', 'decan', 'dravida', 'taprobana',
  // East: seas
  'marCaspio', 'golfoPersico', 'golfoAden', 'marArabigo', 'oceanoIndico', 'bahiaBengala',
] as const;

export type TerritoryId = (typeof TERRITORY_IDS)[number];
