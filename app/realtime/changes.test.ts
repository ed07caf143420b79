import { describe, expect, it } from "vitest";
import { parseChange } from "./changes";

const uuid = "3f2b8c1e-9d4a-4b7e-8f60-1a2b3c4d5e6f";

describe("parseChange (NOTIFY payloads of table_changes)", () => {
  it("reads what the trigger sends", () => {
    expect(parseChange(`{"table" : "contact_submissions", "type" : "INSERT", "id" : "${uuid}"}`)).toEqual({
      table: "contact_submissions",
      type: "INSERT",
      id: uuid,
    });
    expect(parseChange('{"table" : "locations", "type" : "TRUNCATE", "id" : null}')).toEqual({
      table: "locations",
      type: "TRUNCATE",
      id: null,
    });
  });

  it("refuses anything else", () => {
    for (const payload of [
      "",
      "not json",
      "null",
      "[]",
      `{"table":"admins","type":"INSERT","id":"${uuid}"}`,
      `{"table":"locations","type":"SELECT","id":"${uuid}"}`,
      '{"table":"locations","type":"INSERT","id":null}',
      '{"table":"locations","type":"UPDATE","id":"<script>"}',
      `{"table":"locations","type":"UPDATE","id":42}`,
    ]) {
      expect(parseChange(payload), payload).toBeNull();
    }
  });
});
