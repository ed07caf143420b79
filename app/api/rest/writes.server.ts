import { createContactSubmission, deleteContactSubmission, markContactSubmissionRead } from "~/models/contact-submissions.server";
import { createLocation, deleteLocation, updateLocation } from "~/models/locations.server";
import { createProperty, deleteProperty, updateProperty } from "~/models/real-estates.server";
import { createComplex, removeComplex, updateComplex } from "~/models/complexes.server";
import { ApiError } from "../errors";
import type { ApiTable, TableName } from "./tables.server";

/**
 * Writes go through the model layer (the data rules: validation, defaults,
 * ordering, slugs, cascades, SPEC's messages) — never straight to a table.
 * Rows are written one by one: an array POST or a PATCH/DELETE matching
 * several rows is not one transaction (each row is; the first refusal stops
 * the rest and is reported).
 */

type Row = Record<string, unknown>;

/** Body keys that name no column. real_estates also reads SPEC's aliases name → title, locationId → location_id. */
export function checkBodyColumns(table: ApiTable, body: Row) {
  for (const key of Object.keys(body)) {
    if (table.columns.has(key)) continue;
    if (table.name === "real_estates" && (key === "name" || key === "locationId")) continue;
    throw new ApiError(400, "PGRST204", `Could not find the '${key.slice(0, 64)}' column of '${table.name}' in the schema cache`);
  }
}

const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;

/** The model calls behind each table's writes. */
const WRITES: Record<
  TableName,
  { insert: (body: Row) => Promise<Row>; update: (id: string, body: Row) => Promise<Row | null>; remove: (id: string) => Promise<boolean> }
> = {
  locations: { insert: createLocation, update: updateLocation, remove: deleteLocation },
  real_estates: { insert: createProperty, update: updateProperty, remove: deleteProperty },
  complexes: { insert: (body) => createComplex(body), update: updateComplex, remove: removeComplex },
  contact_submissions: {
    async insert(body) {
      const input = Object.fromEntries(CONTACT_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      const row = await createContactSubmission(input, { propertyId: body.property_id, propertyIds: body.property_ids });
      if (body.isread === true) return (await markContactSubmissionRead(row.id)) ?? row;
      return row;
    },
    async update(id, body) {
      // A request is never edited nor marked unread (SPEC §4): only the read flag can be set.
      const keys = Object.keys(body);
      if (keys.some((k) => k !== "isread") || (keys.length > 0 && body.isread !== true)) {
        throw new ApiError(
          400,
          "23514",
          'Only the read flag can change: PATCH contact_submissions with {"isread": true}',
          "A contact request is never edited nor marked unread.",
        );
      }
      return markContactSubmissionRead(id);
    },
    remove: deleteContactSubmission,
  },
};

export const insertRow = (table: TableName, body: Row): Promise<Row> => WRITES[table].insert(body);
export const updateRow = (table: TableName, id: string, body: Row): Promise<Row | null> => WRITES[table].update(id, body);
export const deleteRow = (table: TableName, id: string): Promise<boolean> => WRITES[table].remove(id);
