/**
 * What a listing page shows of complexes (issue 33), in the page's language,
 * client-safe: the complex its `complex` filter names (ActiveFilters), and the
 * complexes whose name a search matches, shown above the results.
 */

/** The complex of the listing's `complex` filter: its name (null: no such complex — the list is empty, the chip still says so). */
export interface ComplexFilterShown {
  id: string;
  name: string | null;
}

/** A complex a search names: a link to its page, its location and its units for sale. */
export interface ComplexLink {
  id: string;
  name: string;
  location: string;
  /** Its page (unprefixed paths are made by the server: complexPathIn, localizePath). */
  path: string;
  forSale: number;
}
