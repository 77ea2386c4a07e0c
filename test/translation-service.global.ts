import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

/**
 * A LibreTranslate-compatible HTTP service for the translation tests, on a random loopback port
 * (the Worker reaches it through the outbound guard, with ALLOW_PRIVATE_NETWORK set by the test).
 * It speaks LibreTranslate's protocol: POST /translate with `{q: string[], source, target, format,
 * api_key}` answers `{translatedText: string[]}`, each word wrapped as ⟦target:word⟧; a wrong key
 * is a 403. Each test works under a path of its own (`/<session>/translate`), whose requests it
 * reads back from `GET /<session>/requests`; `POST /<session>/fail?count=n` makes the next n
 * translate calls answer 503, as an overloaded instance does.
 */

export const TRANSLATION_SERVICE_KEY = "service-key";

declare module "vitest" {
  export interface ProvidedContext {
    translationServiceUrl: string;
  }
}

interface Session {
  requests: unknown[];
  failNext: number;
}

export default async function setup(project: TestProject) {
  const sessions = new Map<string, Session>();
  const sessionOf = (name: string) => sessions.get(name) ?? sessions.set(name, { requests: [], failNext: 0 }).get(name)!;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const [, name, action] = url.pathname.split("/");
    const session = sessionOf(name ?? "");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && action === "requests") return answer(200, session.requests);
    if (request.method === "POST" && action === "fail") {
      session.failNext = Number(url.searchParams.get("count") ?? 1);
      return answer(200, {});
    }
    if (request.method !== "POST" || action !== "translate") return answer(404, { error: "Not Found" });
    const body = JSON.parse(await read(request)) as { q: string[] | string; source: string; target: string; format: string; api_key?: string };
    session.requests.push(body);
    if (session.failNext > 0) {
      session.failNext--;
      return answer(503, { error: "Slow down" });
    }
    if (body.api_key !== TRANSLATION_SERVICE_KEY) return answer(403, { error: "Invalid API key" });
    const wrap = (text: string) => text.replace(/\S+/g, (word) => `⟦${body.target}:${word}⟧`);
    return answer(200, { translatedText: Array.isArray(body.q) ? body.q.map(wrap) : wrap(body.q) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("translationServiceUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
