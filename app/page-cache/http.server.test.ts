import { describe, expect, it } from "vitest";
import { encodingFor } from "./http.server";

describe("the encoding a cached page is sent with", () => {
  it("is brotli when the browser takes it, else gzip, else none", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip, deflate")).toBe("gzip");
    expect(encodingFor("deflate")).toBe("identity");
    expect(encodingFor(undefined)).toBe("identity");
    expect(encodingFor("")).toBe("identity");
  });

  it("honours q-values and the wildcard", () => {
    expect(encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(encodingFor("BR ; Q=0.5, gzip;q=1")).toBe("gzip");
    expect(encodingFor("br;q=0.8, gzip;q=0.8")).toBe("br");
    expect(encodingFor("gzip;q=0, br;q=0")).toBe("identity");
    expect(encodingFor("*")).toBe("br");
    expect(encodingFor("*;q=0, gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, *")).toBe("gzip");
  });
});
