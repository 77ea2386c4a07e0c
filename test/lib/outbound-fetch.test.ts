import { describe, expect, it } from "vitest";
import { privateTargetReason } from "../../src/lib/network-targets";
import { OutboundError, assertAllowedTarget, isEnabled, outboundFetch, type OutboundOptions } from "../../src/lib/outbound-fetch";

/** The guard every user-typed URL goes through (src/lib/outbound-fetch.ts), with fetch doubles. */

const guarded = (fetcher: typeof fetch, extra: Partial<OutboundOptions> = {}): OutboundOptions => ({
  allowPrivateNetwork: false,
  timeoutMs: 1_000,
  maxBytes: 1_000,
  fetch: fetcher,
  ...extra,
});

/** A fetch double answering from a table of URL → response; records what was asked. */
function serving(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    expect(init?.redirect).toBe("manual");
    const route = routes[url];
    return route ? route() : new Response("no such route", { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("which targets are refused", () => {
  const blocked = [
    "http://127.0.0.1/spec.json",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0.0.0.0/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://100.127.255.254/",
    "http://169.254.169.254/latest/meta-data/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[::1]/",
    "http://[::]/",
    "http://[fc00::1]/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://api.localhost/",
    "http://printer.local/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://intranet/",
  ];
  for (const url of blocked) {
    it(`refuses ${url}`, () => {
      expect(() => assertAllowedTarget(url, false)).toThrow(OutboundError);
      // ALLOW_PRIVATE_NETWORK lets every one of them through.
      expect(assertAllowedTarget(url, true)).toBeInstanceOf(URL);
    });
  }

  const allowed = [
    "https://petstore3.swagger.io/api/v3/openapi.json",
    "http://93.184.216.34/",
    "http://172.32.0.1/",
    "http://100.128.0.1/",
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "https://example.com:8443/spec.yaml",
  ];
  for (const url of allowed) {
    it(`allows ${url}`, () => expect(assertAllowedTarget(url, false).toString()).toBe(new URL(url).toString()));
  }

  it("refuses schemes other than http and https, even with ALLOW_PRIVATE_NETWORK", () => {
    for (const url of ["ftp://example.com/spec.json", "file:///etc/passwd", "data:text/plain,hi", "javascript:alert(1)"]) {
      expect(() => assertAllowedTarget(url, true)).toThrow(/Only http and https/);
    }
    expect(() => assertAllowedTarget("not a url", true)).toThrow(/not an absolute URL/);
  });

  it("says why a host is refused", () => {
    expect(privateTargetReason("169.254.169.254")).toBe("a link-local (cloud metadata) address");
    expect(privateTargetReason("[fd12::1]")).toBe("a unique local IPv6 address");
    expect(privateTargetReason("100.64.1.1")).toBe("a carrier-grade NAT address");
    expect(privateTargetReason("example.com")).toBeNull();
  });

  it("reads ALLOW_PRIVATE_NETWORK as set only for a truthy value", () => {
    for (const value of ["1", "true", "TRUE", "yes", "on"]) expect(isEnabled(value)).toBe(true);
    for (const value of [undefined, "", "0", "false", "no"]) expect(isEnabled(value)).toBe(false);
  });
});

describe("outboundFetch", () => {
  it("returns the body, status and headers of a public URL", async () => {
    const { fetcher } = serving({ "https://api.example.com/spec.json": () => new Response('{"a":1}', { headers: { etag: '"v1"' } }) });
    const response = await outboundFetch("https://api.example.com/spec.json", guarded(fetcher));
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"v1"');
    expect(new TextDecoder().decode(response.body)).toBe('{"a":1}');
  });

  it("refuses a private target without sending anything", async () => {
    const { fetcher, asked } = serving({});
    const error = await failure(outboundFetch("http://127.0.0.1:8787/spec.json", guarded(fetcher)));
    expect(error.failure).toBe("blocked");
    expect(error.message).toContain("loopback");
    expect(asked).toEqual([]);
  });

  it("fetches a private target when ALLOW_PRIVATE_NETWORK is set", async () => {
    const { fetcher } = serving({ "http://localhost:9999/spec.json": () => new Response("ok") });
    const response = await outboundFetch("http://localhost:9999/spec.json", guarded(fetcher, { allowPrivateNetwork: true }));
    expect(new TextDecoder().decode(response.body)).toBe("ok");
  });

  it("follows redirects by hand, checking every hop, and reports the final URL", async () => {
    const { fetcher, asked } = serving({
      "https://a.example.com/spec": () => new Response(null, { status: 301, headers: { location: "https://b.example.com/moved" } }),
      "https://b.example.com/moved": () => new Response(null, { status: 307, headers: { location: "/final.json" } }),
      "https://b.example.com/final.json": () => new Response("final"),
    });
    const response = await outboundFetch("https://a.example.com/spec", guarded(fetcher));
    expect(new TextDecoder().decode(response.body)).toBe("final");
    expect(response.url).toBe("https://b.example.com/final.json");
    expect(asked).toEqual(["https://a.example.com/spec", "https://b.example.com/moved", "https://b.example.com/final.json"]);
  });

  it("refuses a redirect to a private address and does not follow it", async () => {
    const { fetcher, asked } = serving({
      "https://evil.example.com/spec": () => new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }),
    });
    const error = await failure(outboundFetch("https://evil.example.com/spec", guarded(fetcher)));
    expect(error.failure).toBe("blocked");
    expect(error.message).toContain("169.254.169.254");
    expect(asked).toEqual(["https://evil.example.com/spec"]);
  });

  it("refuses a redirect to another scheme", async () => {
    const { fetcher } = serving({ "https://a.example.com/x": () => new Response(null, { status: 302, headers: { location: "file:///etc/passwd" } }) });
    expect((await failure(outboundFetch("https://a.example.com/x", guarded(fetcher)))).failure).toBe("blocked");
  });

  it("stops after too many redirects", async () => {
    const { fetcher, asked } = serving({ "https://loop.example.com/": () => new Response(null, { status: 302, headers: { location: "https://loop.example.com/" } }) });
    const error = await failure(outboundFetch("https://loop.example.com/", guarded(fetcher, { maxRedirects: 3 })));
    expect(error.failure).toBe("too-many-redirects");
    expect(asked).toHaveLength(4);
  });

  it("times out a server that never answers, and one that stalls in the body", async () => {
    const silent = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))))) as typeof fetch;
    const started = Date.now();
    const error = await failure(outboundFetch("https://slow.example.com/", guarded(silent, { timeoutMs: 50 })));
    expect(error.failure).toBe("timeout");
    expect(error.message).toContain("within 0.1 seconds");
    expect(Date.now() - started).toBeLessThan(1_000);

    // A peer that ignores the abort signal, and sends headers then nothing.
    const stalling = (async () => new Response(new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array([123])) }))) as typeof fetch;
    expect((await failure(outboundFetch("https://stall.example.com/", guarded(stalling, { timeoutMs: 50 })))).failure).toBe("timeout");
  });

  it("refuses a body over the cap, by its Content-Length or while it streams", async () => {
    const declared = serving({ "https://big.example.com/": () => new Response("x".repeat(2_000)) });
    expect((await failure(outboundFetch("https://big.example.com/", guarded(declared.fetcher)))).failure).toBe("too-large");

    let pulled = 0;
    const endless = (async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(400));
          },
        }),
      )) as typeof fetch;
    const error = await failure(outboundFetch("https://endless.example.com/", guarded(endless)));
    expect(error.failure).toBe("too-large");
    expect(error.message).toContain("1000 bytes");
    // It stopped reading right after passing the cap.
    expect(pulled).toBeLessThan(6);
  });

  it("keeps the first bytes of a longer body when told to truncate, and stops reading there", async () => {
    const declared = serving({ "https://big.example.com/": () => new Response("a".repeat(600) + "b".repeat(1_400)) });
    const head = await outboundFetch("https://big.example.com/", guarded(declared.fetcher, { truncate: true }));
    expect(new TextDecoder().decode(head.body)).toBe("a".repeat(600) + "b".repeat(400));
    let pulled = 0;
    const endless = (async () => new Response(new ReadableStream({ pull: (controller) => (pulled++, controller.enqueue(new Uint8Array(400).fill(120))) }))) as typeof fetch;
    expect((await outboundFetch("https://endless.example.com/", guarded(endless, { truncate: true }))).body.byteLength).toBe(1_000);
    expect(pulled).toBeLessThan(6);
  });

  it("returns non-2xx answers (with no body) for the caller to judge, and reports network errors", async () => {
    const { fetcher } = serving({ "https://gone.example.com/": () => new Response("missing", { status: 404 }), "https://same.example.com/": () => new Response(null, { status: 304 }) });
    expect((await outboundFetch("https://gone.example.com/", guarded(fetcher))).status).toBe(404);
    expect((await outboundFetch("https://same.example.com/", guarded(fetcher))).body.byteLength).toBe(0);
    const broken = (async () => {
      throw new TypeError("connection refused");
    }) as typeof fetch;
    const error = await failure(outboundFetch("https://down.example.com/", guarded(broken)));
    expect(error.failure).toBe("network");
    expect(error.message).toContain("connection refused");
  });

  it("sends the caller's headers (conditional requests)", async () => {
    let seen: Headers | undefined;
    const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen = new Headers(init?.headers);
      return new Response(null, { status: 304 });
    }) as typeof fetch;
    await outboundFetch("https://api.example.com/", guarded(fetcher, { headers: { "if-none-match": '"v1"' } }));
    expect(seen?.get("if-none-match")).toBe('"v1"');
  });

  it("POSTs a body (a translator's request) under the same checks, GET remaining the default", async () => {
    const sent: Array<{ url: string; method?: string; body?: unknown }> = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), method: init?.method, body: init?.body });
      expect(init?.redirect).toBe("manual");
      return new Response('{"translatedText":["bonjour"]}');
    }) as typeof fetch;
    const response = await outboundFetch("https://translate.example.com/translate", guarded(fetcher, { method: "POST", body: '{"q":["hello"]}' }));
    expect(new TextDecoder().decode(response.body)).toBe('{"translatedText":["bonjour"]}');
    await outboundFetch("https://translate.example.com/languages", guarded(fetcher));
    expect(sent).toEqual([
      { url: "https://translate.example.com/translate", method: "POST", body: '{"q":["hello"]}' },
      { url: "https://translate.example.com/languages", method: "GET", body: undefined },
    ]);
    // A POST to a private target is refused before anything is sent, like a GET.
    const error = await failure(outboundFetch("http://10.0.0.5/translate", guarded(fetcher, { method: "POST", body: "{}" })));
    expect(error.failure).toBe("blocked");
    expect(sent).toHaveLength(2);
  });

  it("repeats a POST on 307 and 308, turns it into a bodiless GET on 301, 302 and 303, and checks every hop", async () => {
    const sent: Array<[string, string | undefined, unknown]> = [];
    const routes: Record<string, () => Response> = {
      "https://a.example.com/translate": () => new Response(null, { status: 308, headers: { location: "https://b.example.com/translate" } }),
      "https://b.example.com/translate": () => new Response(null, { status: 303, headers: { location: "https://b.example.com/result" } }),
      "https://b.example.com/result": () => new Response("done"),
      "https://c.example.com/translate": () => new Response(null, { status: 307, headers: { location: "http://192.168.1.1/translate" } }),
    };
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push([String(input), init?.method, init?.body]);
      return routes[String(input)]!();
    }) as typeof fetch;
    const response = await outboundFetch("https://a.example.com/translate", guarded(fetcher, { method: "POST", body: "text" }));
    expect(new TextDecoder().decode(response.body)).toBe("done");
    expect(sent).toEqual([
      ["https://a.example.com/translate", "POST", "text"],
      ["https://b.example.com/translate", "POST", "text"],
      ["https://b.example.com/result", "GET", undefined],
    ]);
    const error = await failure(outboundFetch("https://c.example.com/translate", guarded(fetcher, { method: "POST", body: "text" })));
    expect(error.failure).toBe("blocked");
    expect(sent.at(-1)![0]).toBe("https://c.example.com/translate");
  });

  it("POSTs a binary body (Git's smart HTTP) the same way, resending it on 307 and dropping it on 303", async () => {
    const seen: Array<{ url: string; method?: string; body?: string }> = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      seen.push({ url, method: init?.method, body: init?.body ? new TextDecoder().decode(init.body as Uint8Array) : undefined });
      if (url === "https://git.example.com/a") return new Response(null, { status: 307, headers: { location: "/b" } });
      if (url === "https://git.example.com/b") return new Response(null, { status: 303, headers: { location: "/c" } });
      return new Response("packed");
    }) as typeof fetch;
    const response = await outboundFetch("https://git.example.com/a", guarded(fetcher, { method: "POST", body: new TextEncoder().encode("want") }));
    expect(new TextDecoder().decode(response.body)).toBe("packed");
    expect(seen).toEqual([
      { url: "https://git.example.com/a", method: "POST", body: "want" },
      { url: "https://git.example.com/b", method: "POST", body: "want" },
      { url: "https://git.example.com/c", method: "GET", body: undefined },
    ]);
    // The checks are the same as a GET's: a private target is refused before anything is sent.
    const { fetcher: none, asked } = serving({});
    expect((await failure(outboundFetch("http://10.0.0.1/git", guarded(none, { method: "POST", body: new Uint8Array(1) })))).failure).toBe("blocked");
    expect(asked).toEqual([]);
  });
});
