/**
 * Properties over seeded random games with 4 and 5 players (docs/imperios/RULES.md IM2.2.1, IM2.3.1, IM10.1, IM12):
 * picking uniformly among every seat's legal actions, every game ends; chits and totems are conserved; the census
 * stays in its range; no listed action is refused; the same seed gives the same game. The other player counts are in
 * the sibling file, so that the two run side by side.
 */
import { describeProperties } from './properties';

describeProperties([4, 5]);
