import { createContactSubmission, deleteContactSubmission, markContactSubmissionRead } from "~/models/contact-submissions.server";
import { createLocation, deleteLocation, updateLocation } from "~/models/locations.server";
import { createProperty, deleteProperty, updateProperty } from "~/models/real-estates.server";
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

export async function insertRow(table: TableName, body: Row): Promise<Row> {
  switch (table) {
    case "locations":
      return createLocation(body);
    case "real_estates":
      return createProperty(body);
    case "contact_submissions": {
      const input = Object.fromEntries(CONTACT_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      const row = await createContactSubmission(input, { propertyId: body.property_id });
      if (body.isread === true) return (await markContactSubmissionRead(row.id)) ?? row;
      return row;
    }
  }
}

export async function updateRow(table: TableName, id: string, body: Row): Promise<Row | null> {
  switch (table) {
    case "locations":
      return updateLocation(id, body);
    case "real_estates":
      return updateProperty(id, body);
    case "contact_submissions": {
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
    }
  }
}

export async function deleteRow(table: TableName, id: string): Promise<boolean> {
  switch (table) {
    case "locations":
      return deleteLocation(id);
    case "real_estates":
      return deleteProperty(id);
    case "contact_submissions":
      return deleteContactSubmission(id);
  }
}
