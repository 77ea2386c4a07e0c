import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildFixture, readTree, pushFromOutside, type FixtureSpec } from "./git-fixtures";

/**
 * A real Git server for the Git sync tests (vitest `globalSetup`, Node side): `git http-backend`
 * behind node:http on a random loopback port, serving bare repositories the tests build through a
 * small control API on the same server. Tests reach it by fetch from inside workerd; its base URL
 * comes from `inject("gitServerUrl")`. Needs `git` on the machine (README).
 *
 *   POST /__fixtures/<name>            {files:{path: base64}, branch, auth?:{username,password}}: a new bare repo
 *                                      (without `files`: empty, as `git init --bare` makes it, HEAD naming the unborn branch)
 *   POST /__fixtures/<name>/push       {files, branch, message?}: a commit on top of the branch, pushed from outside
 *   GET  /__fixtures/<name>/tree?ref=  every file of the ref's tree (base64) and its head commit
 *   /<name>.git/...                    smart HTTP (upload-pack, receive-pack), basic auth when the repo has it
 */
declare module "vitest" {
  export interface ProvidedContext {
    gitServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), "git-fixtures-"));
  const auth = new Map<string, { username: string; password: string }>();
  const server = createServer((request, response) => {
    handle(root, auth, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error instanceof Error ? error.message : error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The Git test server has no port");
  project.provide("gitServerUrl", `http://127.0.0.1:${address.port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  };
}

async function handle(root: string, auth: Map<string, { username: string; password: string }>, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://git.test");
  const control = /^\/__fixtures\/([\w.-]+)(\/push|\/tree)?$/.exec(url.pathname);
  if (control) {
    const [, name, action] = control as unknown as [string, string, string | undefined];
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (action === "/tree") return reply(200, await readTree(join(root, `${name}.git`), url.searchParams.get("ref") ?? "HEAD"));
    const spec = JSON.parse((await readBody(request)).toString("utf8")) as FixtureSpec;
    if (action === "/push") return reply(200, await pushFromOutside(join(root, `${name}.git`), spec));
    if (spec.auth) auth.set(name, spec.auth);
    else auth.delete(name);
    return reply(201, await buildFixture(join(root, `${name}.git`), spec));
  }
  const repo = /^\/([\w.-]+)\.git(\/.*)$/.exec(url.pathname);
  if (!repo) {
    response.writeHead(404).end("no such repository");
    return;
  }
  const credentials = auth.get(repo[1]!);
  if (credentials && request.headers.authorization !== `Basic ${btoa(`${credentials.username}:${credentials.password}`)}`) {
    response.writeHead(401, { "www-authenticate": 'Basic realm="git"' }).end("authentication required");
    return;
  }
  await httpBackend(root, url, request, response, credentials?.username);
}

/** Runs `git http-backend` as a CGI for one request and relays its answer. */
async function httpBackend(root: string, url: URL, request: IncomingMessage, response: ServerResponse, user: string | undefined) {
  const body = await readBody(request);
  const cgi: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      // receive-pack needs an authenticated user unless the repo enables it (http.receivepack).
      REMOTE_USER: user ?? "tester",
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? "GET",
      CONTENT_TYPE: request.headers["content-type"] ?? "",
      CONTENT_LENGTH: String(body.length),
      HTTP_CONTENT_ENCODING: request.headers["content-encoding"] ?? "",
      HTTP_GIT_PROTOCOL: String(request.headers["git-protocol"] ?? ""),
  };
  const child = spawn("git", ["http-backend"], { env: cgi as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "ignore"] });
  // A backend that answers without reading the body (a GET, a refusal) may have exited already:
  // its EPIPE is not an error of the request, and unhandled it would end the whole test run.
  child.stdin.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  child.stdin.end(body);
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", () => resolve());
  });
  const output = Buffer.concat(chunks);
  const split = output.indexOf("\r\n\r\n") >= 0 ? output.indexOf("\r\n\r\n") : output.indexOf("\n\n");
  const separator = output.indexOf("\r\n\r\n") >= 0 ? 4 : 2;
  const head = output.subarray(0, split).toString("utf8");
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "status") status = Number.parseInt(value, 10);
    else headers[name] = value;
  }
  response.writeHead(status, headers);
  response.end(output.subarray(split + separator));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}
