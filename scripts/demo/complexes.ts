/**
 * The demo's complexes (issue 33): a demo listing names one of a few
 * complexes (texts.ts); the seeder links it to that complex in its location
 * (made by complexForName, as an API write or the CSV import would), and a
 * complex it made gets facts drawn from its name, so its page is not empty.
 */
import { COMPLEX_FACILITIES, CONSTRUCTION_STAGES } from "~/lib/property-facts";
import { int, rngFor, sample } from "./random";

const DEVELOPERS = ["Черноморие Строй", "Bulgarian Coast Development", "Sozopol Invest", "Pomorie Residence Group"];

/** Deterministic facts for a demo complex: from its name and location alone. */
export function demoComplexFacts(name: string, locationIndex: number) {
  const seed = [...name].reduce((n, c) => n * 31 + c.charCodeAt(0), locationIndex) >>> 0;
  const rng = rngFor("complex", seed % 100_000);
  const floors = int(rng, 3, 9);
  return {
    developer: DEVELOPERS[seed % DEVELOPERS.length]!,
    construction_stage: CONSTRUCTION_STAGES[seed % CONSTRUCTION_STAGES.length]!,
    completion_quarter: `${2025 + (seed % 3)}-Q${1 + (seed % 4)}`,
    maintenance_fee_eur_m2: int(rng, 6, 16),
    sea_distance_m: int(rng, 2, 40) * 25,
    floors,
    units_total: floors * int(rng, 8, 20),
    facilities: sample(rng, [...COMPLEX_FACILITIES], int(rng, 3, 7)),
  };
}
