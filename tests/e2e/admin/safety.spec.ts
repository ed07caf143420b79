import type { APIRequestContext } from "@playwright/test";
import { expect, freshClient, signInByRequest, test, unique } from "./fixtures";

/**
 * DESIGN §7: every admin loader and action checks the session on the server.
 * Every admin address and every action is tried anonymously, with a forged
 * session and cross-site with a real one; nothing is shown and nothing changes.
 */
interface Targets {
  cookie: string;
  locationId: string;
  locationName: string;
  propertyId: string;
  propertyTitle: string;
  submissionId: string;
}

async function createTargets(request: APIRequestContext): Promise<Targets> {
  const token = await signInByRequest(request);
  const cookie = `seaside_session=${token}`;
  const locations = await (await request.get("/admin/locations.data", { headers: { Cookie: cookie } })).text();
  // The first default location's id, from the page data.
  const locationId = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(locations)![1]!;
  const propertyTitle = `Охраняемый объект ${unique()}`;
  const created = await request.post("/admin/real-estates/add", {
    headers: { Cookie: cookie },
    form: {
      title: propertyTitle,
      description: "Описание",
      price: "100000",
      location_id: locationId,
      property_type: "house",
      images: "/upload/properties/guarded.jpg",
    },
    maxRedirects: 0,
  });
  expect(created.status(), "the administrator can create").toBe(302);
  const list = await (await request.get(`/admin/real-estates?search=${encodeURIComponent(propertyTitle)}`, { headers: { Cookie: cookie } })).text();
  const propertyId = /\/admin\/real-estates\/edit\/([0-9a-f-]{36})/.exec(list)![1]!;
  const sent = await request.post("/?index", { form: { name: "Охрана", email: "guard@example.com", phone: "", message: `Проверка ${propertyTitle}` } });
  expect(sent.status()).toBe(200);
  const inbox = await (await request.get("/admin/contact-submissions?filter=unread", { headers: { Cookie: cookie } })).text();
  const submissionId = /view=([0-9a-f-]{36})/.exec(inbox)![1]!;
  const page = await (await request.get(`/admin/locations/edit/${locationId}`, { headers: { Cookie: cookie } })).text();
  const locationName = /<input[^>]*name="name"[^>]*value="([^"]*)"/.exec(page)![1]!;
  return { cookie, locationId, locationName, propertyId, propertyTitle, submissionId };
}

/**
 * What an attacker would like to change, read with the real session (only
 * these targets: other tests run beside this one and change other things).
 */
async function snapshot(request: APIRequestContext, t: Targets) {
  const get = async (path: string) => (await request.get(path, { headers: { Cookie: t.cookie } })).text();
  const edit = await get(`/admin/real-estates/edit/${t.propertyId}`);
  const locations = await get("/admin/locations");
  const locationEdit = await get(`/admin/locations/edit/${t.locationId}`);
  const intruders = await get(`/admin/real-estates?search=${encodeURIComponent("Взлом")}`);
  const unread = await get("/admin/contact-submissions?filter=unread");
  return {
    property: edit.includes(`value="${t.propertyTitle}"`),
    location: locationEdit.includes(`value="${t.locationName}"`),
    noIntruderLocation: !locations.includes("Взлом"),
    noIntruderProperty: intruders.includes("Найдено: 0"),
    unread: unread.includes(t.submissionId),
  };
}

function attempts(t: Targets) {
  const gets = [
    "/admin",
    "/admin/locations",
    "/admin/locations.data",
    "/admin/locations/add",
    `/admin/locations/edit/${t.locationId}`,
    "/admin/real-estates",
    "/admin/real-estates/add",
    `/admin/real-estates/new?location=${t.locationId}`,
    `/admin/real-estates/edit/${t.propertyId}`,
    `/admin/real-estates/edit/${t.propertyId}.data`,
    "/admin/contact-submissions",
    `/admin/contact-submissions?view=${t.submissionId}`,
    "/admin/unknown-page",
  ];
  const posts: { path: string; form: Record<string, string> }[] = [
    { path: "/admin/locations", form: { intent: "move", id: t.locationId, direction: "down" } },
    { path: "/admin/locations", form: { intent: "move-to", id: t.locationId, position: "3" } },
    { path: "/admin/locations", form: { intent: "delete", id: t.locationId } },
    { path: "/admin/locations/add", form: { name: `Взлом ${unique()}`, image: "/upload/locations/x.jpg" } },
    { path: `/admin/locations/edit/${t.locationId}`, form: { name: "Взломано", image: "/upload/locations/x.jpg" } },
    { path: "/admin/real-estates", form: { intent: "move", id: t.propertyId, direction: "up" } },
    { path: "/admin/real-estates", form: { intent: "move-to", id: t.propertyId, position: "0" } },
    { path: "/admin/real-estates", form: { intent: "duplicate", id: t.propertyId } },
    { path: "/admin/real-estates", form: { intent: "delete", id: t.propertyId } },
    {
      path: "/admin/real-estates/add",
      form: { title: "Взлом", description: "x", price: "1", location_id: t.locationId, property_type: "house", images: "/upload/properties/x.jpg" },
    },
    {
      path: `/admin/real-estates/edit/${t.propertyId}`,
      form: { title: "Взломано", description: "x", price: "1", location_id: t.locationId, property_type: "house", images: "/upload/properties/x.jpg" },
    },
    { path: "/admin/contact-submissions", form: { intent: "read", id: t.submissionId } },
    { path: "/admin/contact-submissions", form: { intent: "delete", id: t.submissionId } },
    { path: "/admin/upload", form: { type: "properties" } },
  ];
  return { gets, posts };
}

test("anonymous and forged sessions get nothing and change nothing; cross-site writes are refused", async ({ clientIp }) => {
  test.setTimeout(120_000);
  // The administrator's client and the attacker's: separate cookie jars, so
  // every attack carries exactly the session it names.
  const admin = await freshClient(clientIp);
  const request = await freshClient(clientIp);
  const t = await createTargets(admin);
  const before = await snapshot(admin, t);
  expect(Object.values(before).every(Boolean), `targets exist: ${JSON.stringify(before)}`).toBe(true);
  const { gets, posts } = attempts(t);
  const forged = `seaside_session=${"A".repeat(43)}`;
  for (const cookie of [undefined, forged]) {
    const who = cookie ? "forged session" : "anonymous";
    for (const path of gets) {
      const r = await request.get(path, { headers: cookie ? { Cookie: cookie } : {}, maxRedirects: 0 });
      const body = await r.text();
      // Documents are redirected; data requests (client navigations) get React Router's redirect in the body.
      const location = path.includes(".data") ? (/"redirect","([^"]+)"/.exec(body)?.[1] ?? "") : (r.headers().location ?? "");
      expect(r.status(), `${who} GET ${path}`).toBe(path.includes(".data") ? 202 : 302);
      expect(location, `${who} GET ${path} goes to sign-in`).toMatch(/^\/admin\/login/);
      expect(body, `${who} GET ${path} shows nothing`).not.toContain(t.propertyTitle);
    }
    for (const { path, form } of posts) {
      const r = await request.post(path, { headers: cookie ? { Cookie: cookie } : {}, form, maxRedirects: 0 });
      expect(r.status(), `${who} POST ${path} ${form.intent ?? ""}`).toBe(302);
      expect(r.headers().location, `${who} POST ${path} goes to sign-in`).toMatch(/^\/admin\/login/);
    }
    const events = await request.get("/admin/events", { headers: cookie ? { Cookie: cookie } : {} });
    expect(events.status(), `${who} realtime stream`).toBe(401);
  }
  // The real session, but the request comes from another site's page.
  for (const { path, form } of posts) {
    const r = await request.post(path, {
      headers: { Cookie: t.cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form,
      maxRedirects: 0,
    });
    expect(r.status(), `cross-site POST ${path} ${form.intent ?? ""}`).toBe(403);
  }
  expect(await snapshot(admin, t)).toEqual(before);
});
