// The store's key rules live with the client-safe helpers (app/lib/object-names.ts):
// the image-reference reader (app/lib/image-keys.ts) shares them with the pages.
export * from "~/lib/object-names";
