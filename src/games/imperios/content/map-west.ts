/**
 * The West half of the Imperios Milenarios map (docs/imperios/RULES.md IM2.1): Iberia to Upper Mesopotamia and
 * Nubia. One row per territory: name, schematic position, wreath points, borders, then its site and island mark.
 * Borders follow the real coasts and frontiers, simplified; the Metropolis rows list exactly the neighbours the
 * rulebook gives (tests/unit/imperios/map.test.ts).
 */
import type { TerritoryDef, TerritoryId } from './map-types';
import { ISLAND, METROPOLIS, city, rowsIn } from './map-types';

const { land, sea } = rowsIn(['west']);
const M = { site: METROPOLIS };
const C3 = { site: city(3) };
const C4 = { site: city(4) };
const C5 = { site: city(5) };

// One territory per line reads as a table; Prettier would give each field a line of its own.
// prettier-ignore
export const WEST = {
  // Iberia, Gaul, the Alps and the North Sea
  galicia: land('Galicia', [45, 245], 1, ['iberia', 'lusitania', 'pirineos', 'atlantico']),
  lusitania: land('Lusitania', [30, 320], 0, ['galicia', 'iberia', 'atlantico', 'medOccidental'], C3),
  iberia: land('Iberia', [85, 300], 0, ['galicia', 'pirineos', 'lusitania', 'medOccidental'], M),
  pirineos: land('Pirineos', [125, 240], 2, ['galicia', 'iberia', 'galia', 'medOccidental']),
  galia: land('Galia', [150, 165], 0, ['pirineos', 'belgica', 'noricum', 'cisalpina', 'atlantico', 'medOccidental'], C3),
  britania: land('Britania', [105, 60], 2, ['atlantico', 'marDelNorte'], ISLAND),
  belgica: land('Bélgica', [205, 100], 0, ['galia', 'germania', 'noricum', 'marDelNorte'], C3),
  germania: land('Germania', [265, 75], 0, ['marDelNorte', 'belgica', 'noricum', 'panonia'], M),
  noricum: land('Noricum', [250, 145], 2, ['germania', 'belgica', 'galia', 'cisalpina', 'iliria', 'panonia']),
  panonia: land('Panonia', [315, 115], 1, ['germania', 'noricum', 'iliria', 'dacia']),
  // Italy, the Balkans, Greece and the islands
  cisalpina: land('Galia Cisalpina', [215, 200], 0, ['galia', 'noricum', 'iliria', 'etruria', 'medCentral'], C4),
  etruria: land('Etruria', [222, 242], 0, ['cisalpina', 'roma', 'medOccidental', 'medCentral'], C4),
  roma: land('Roma', [250, 278], 0, ['etruria', 'medCentral', 'tarento'], M),
  tarento: land('Tarento', [285, 312], 0, ['roma', 'medCentral'], C4),
  sicilia: land('Sicilia', [258, 362], 0, ['medCentral'], { ...ISLAND, ...C5 }),
  cerdena: land('Cerdeña', [190, 300], 1, ['medOccidental', 'medCentral'], ISLAND),
  baleares: land('Baleares', [135, 335], 1, ['medOccidental'], ISLAND),
  iliria: land('Iliria', [295, 195], 1, ['noricum', 'panonia', 'cisalpina', 'dacia', 'macedonia', 'itaca', 'medCentral']),
  dacia: land('Dacia', [355, 130], 1, ['panonia', 'iliria', 'tracia', 'escitia', 'marNegro']),
  escitia: land('Escitia', [420, 50], 2, ['dacia', 'colquide', 'marNegro', 'marCaspio']),
  tracia: land('Tracia', [368, 190], 1, ['dacia', 'macedonia', 'marNegro', 'medOriental']),
  macedonia: land('Macedonia', [335, 235], 0, ['iliria', 'tracia', 'itaca', 'helade', 'medOriental'], C4),
  itaca: land('Ítaca', [300, 265], 0, ['iliria', 'macedonia', 'helade', 'medCentral'], C3),
  helade: land('Hélade', [335, 290], 0, ['itaca', 'macedonia', 'esparta', 'medCentral', 'medOriental'], M),
  esparta: land('Esparta', [322, 332], 0, ['helade', 'medCentral', 'medOriental'], C4),
  minos: land('Minos', [360, 385], 0, ['medOriental'], { ...ISLAND, ...M }),
  chipre: land('Chipre', [425, 340], 0, ['medOriental'], { ...ISLAND, ...C3 }),
  // Anatolia, the Caucasus, Syria and Upper Mesopotamia
  troya: land('Troya', [378, 225], 0, ['frigia', 'lidia', 'marNegro', 'medOriental'], C4),
  lidia: land('Lidia', [385, 268], 0, ['troya', 'frigia', 'cilicia', 'medOriental'], C5),
  frigia: land('Frigia', [412, 210], 1, ['hattusas', 'troya', 'lidia', 'cilicia', 'kanesh', 'marNegro']),
  hattusas: land('Hattusas', [445, 165], 0, ['marNegro', 'frigia', 'kanesh', 'capadocia'], M),
  capadocia: land('Capadocia', [482, 150], 1, ['hattusas', 'kanesh', 'colquide', 'urartu', 'marNegro']),
  colquide: land('Cólquide', [482, 100], 1, ['escitia', 'capadocia', 'urartu', 'marNegro']),
  urartu: land('Urartu', [515, 160], 2, ['colquide', 'capadocia', 'ninive', 'media', 'marCaspio']),
  kanesh: land('Kanesh', [450, 220], 0, ['hattusas', 'frigia', 'capadocia', 'cilicia', 'antioquia', 'asiria', 'ninive'], C4),
  cilicia: land('Cilicia', [418, 285], 1, ['lidia', 'frigia', 'kanesh', 'antioquia', 'medOriental']),
  antioquia: land('Antioquia', [445, 300], 0, ['kanesh', 'cilicia', 'asiria', 'siria', 'tyro', 'medOriental'], C4),
  asiria: land('Asiria', [478, 262], 0, ['kanesh', 'ninive', 'harran', 'siria', 'antioquia'], M),
  ninive: land('Nínive', [508, 218], 0, ['asiria', 'kanesh', 'urartu', 'media', 'zagros', 'harran'], C5),
  harran: land('Harrán', [510, 290], 0, ['asiria', 'ninive', 'zagros', 'susa', 'babilonia', 'desiertoArabia', 'siria'], C3),
  siria: land('Siria', [462, 345], 0, ['asiria', 'antioquia', 'tyro', 'nabatea', 'harran', 'desiertoArabia'], C3),
  tyro: land('Tyro', [432, 375], 0, ['antioquia', 'siria', 'nabatea', 'alejandria', 'medOriental'], C5),
  nabatea: land('Nabatea', [465, 405], 0, ['tyro', 'siria', 'desiertoArabia', 'hiyaz', 'marRojo'], C3),
  // Egypt, Nubia and North Africa
  alejandria: land('Alejandría', [395, 415], 0, ['egipto', 'fayum', 'libia', 'tyro', 'medOriental'], C5),
  egipto: land('Egipto', [425, 445], 0, ['alejandria', 'fayum', 'tebas', 'marRojo'], M),
  fayum: land('Fayum', [385, 455], 1, ['egipto', 'alejandria', 'libia', 'garamantes', 'buhen', 'tebas']),
  tebas: land('Tebas', [435, 490], 0, ['egipto', 'fayum', 'buhen', 'nubia', 'desiertoNubia', 'marRojo'], C5),
  buhen: land('Buhen', [400, 515], 0, ['fayum', 'garamantes', 'tebas', 'nubia', 'meroe'], C3),
  nubia: land('Nubia', [435, 540], 0, ['buhen', 'tebas', 'desiertoNubia', 'meroe'], M),
  meroe: land('Meroe', [430, 580], 0, ['nubia', 'buhen', 'desiertoNubia', 'punt'], C4),
  libia: land('Libia', [320, 450], 0, ['cartago', 'tunez', 'garamantes', 'fayum', 'alejandria', 'medCentral', 'medOriental'], C3),
  garamantes: land('Garamantes', [280, 520], 2, ['libia', 'tunez', 'numidia', 'fayum', 'buhen']),
  cartago: land('Cartago', [235, 408], 0, ['tunez', 'libia', 'medCentral'], M),
  tunez: land('Túnez', [200, 430], 1, ['cartago', 'libia', 'numidia', 'garamantes', 'medOccidental']),
  numidia: land('Numidia', [140, 440], 1, ['tunez', 'mauritania', 'garamantes', 'medOccidental']),
  mauritania: land('Mauritania', [65, 430], 1, ['numidia', 'atlantico', 'medOccidental']),
  // Seas
  atlantico: sea('Océano Atlántico', [25, 180], 1, ['galicia', 'lusitania', 'galia', 'britania', 'marDelNorte', 'mauritania', 'medOccidental']),
  marDelNorte: sea('Mar del Norte', [190, 35], 1, ['germania', 'belgica', 'britania', 'atlantico']),
  medOccidental: sea('Mediterráneo Occidental', [150, 375], 1, [
    'iberia', 'lusitania', 'pirineos', 'galia', 'etruria', 'baleares', 'cerdena', 'mauritania', 'numidia', 'tunez',
    'atlantico', 'medCentral']),
  medCentral: sea('Mediterráneo Central', [290, 390], 1, [
    'cisalpina', 'etruria', 'roma', 'tarento', 'iliria', 'itaca', 'helade', 'esparta', 'sicilia', 'cerdena',
    'cartago', 'libia', 'medOccidental', 'medOriental']),
  medOriental: sea('Mediterráneo Oriental', [385, 360], 1, [
    'helade', 'esparta', 'minos', 'macedonia', 'tracia', 'troya', 'lidia', 'cilicia', 'antioquia', 'tyro',
    'alejandria', 'libia', 'chipre', 'marNegro', 'medCentral']),
  marNegro: sea('Mar Negro', [420, 135], 1, [
    'tracia', 'dacia', 'escitia', 'colquide', 'capadocia', 'hattusas', 'frigia', 'troya', 'medOriental']),
} satisfies Partial<Record<TerritoryId, TerritoryDef>>;
