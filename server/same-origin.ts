import type { RequestHandler } from "express";

/**
 * Refuses cross-site writes (DESIGN §7): a browser sends Origin (and
 * Sec-Fetch-Site) with every non-GET request, so a form or script on another
 * site posting to us — with the visitor's session cookie — is recognised and
 * turned away before any handler runs. React Router checks nothing for
 * resource routes, and the API and uploads need the same rule, so it sits in
 * front of everything. Requests without those headers (curl, server-side
 * clients such as supabase-js on Node) carry no ambient cookie risk.
 */
export function sameOriginWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const host = req.get("host");
    const ownOrigins = new Set([publicOrigin, ...(host ? [`${req.protocol}://${host}`] : [])]);
    const crossSite =
      fetchSite === "cross-site" || fetchSite === "same-site" || (origin !== undefined && origin !== "null" && !ownOrigins.has(origin)) || origin === "null";
    if (!crossSite) return next();
    res.status(403).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Запрос с другого сайта отклонён.");
  };
}
