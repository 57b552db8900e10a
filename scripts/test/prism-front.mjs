#!/usr/bin/env node
// The contract check of the browser journeys and pkg/client's tests (issue
// 22): a same-origin front before a running cloud that sends every /api
// request through Stoplight Prism (proxy mode, --errors), which validates
// the request and the answer against pkg/api/openapi.yaml, and everything
// else (the website's files) straight to the cloud.
//
// Prism only observes. It re-serialises JSON bodies, decodes binary answers
// as text and follows redirects, so what the caller gets must not come from
// it. The path of one API request is
//
//   caller -> front -> Prism -> tap -> cloud
//
// where the tap (a second listener of this script) replays the caller's
// request byte for byte (method, URL, headers with Host/Origin/cookies, raw
// body: the Stripe webhook's signature holds) to the cloud, keeps the
// cloud's answer, and hands Prism a copy to validate. The front then returns
// the kept answer and reads Prism's verdict (its sl-violations header, or
// its own problem+json when it refused the request). When Prism did not
// forward at all (an undocumented path, an invalid request), the front
// counts a violation and sends the request to the cloud itself, so the
// journey goes on and every violation of a run is listed at its end.
//
// The document Prism reads is the cloud's own GET /api/openapi.json, with
// `security` removed: Prism's security check only looks for a cookie or a
// header and would answer 401 itself instead of the cloud; the cloud's
// sign-in checks are tested by cloud/http's authorization matrix.
//
// Answers 3xx are not checked (Prism follows the redirect and validates
// the page it lands on): they are counted and said at the end.
// Prism 5.16 declares Node >= 24 but runs on Debian's Node 20 here.
//
// Usage: node scripts/test/prism-front.mjs <cloud URL> [port]
// Prints "contract front on http://127.0.0.1:PORT" once ready. On SIGTERM or
// SIGINT it prints the violations and
// "contract: N operations, M requests through Prism, V violations"
// (CONTRACT_LABEL names the run), adds the counts to $LIFETAG_CONTRACT_TALLY
// when set (make test sums them) or else the line to $LIFETAG_TEST_REPORT,
// and exits 1 when V > 0.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
let stopping = false; // set once SIGTERM or SIGINT came
const prismBin = path.join(
  here,
  "..",
  "..",
  "frontend",
  "node_modules",
  ".bin",
  "prism",
);

const [upstreamArg, portArg] = process.argv.slice(2);
if (!upstreamArg) {
  console.error("usage: scripts/test/prism-front.mjs <cloud URL> [port]");
  process.exit(2);
}
const upstream = new URL(upstreamArg);
const label = process.env.CONTRACT_LABEL
  ? ` (${process.env.CONTRACT_LABEL})`
  : "";

// ---- the document, without security

const docResp = await fetch(new URL("/api/openapi.json", upstream));
if (!docResp.ok) {
  console.error(`prism-front: GET /api/openapi.json: ${docResp.status}`);
  process.exit(1);
}
const doc = await docResp.json();
delete doc.security;
let operations = 0;
const methods = [
  "get",
  "put",
  "post",
  "delete",
  "patch",
  "head",
  "options",
  "trace",
];
for (const item of Object.values(doc.paths ?? {})) {
  for (const m of methods) {
    if (item[m]) {
      operations++;
      delete item[m].security;
    }
  }
}
const work = mkdtempSync(path.join(tmpdir(), "prism-front-"));
const docFile = path.join(work, "openapi.json");
writeFileSync(docFile, JSON.stringify(doc));

// ---- the tap: replays the caller's request to the cloud, keeps the answer

const TAP = "x-contract-tap"; // the header that names a pending request
const pending = new Map(); // id -> { method, url, headers, body, answer }
let nextID = 1;

function send(target, method, urlPath, headers, body, timeout = 0) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: urlPath,
        headers,
        timeout,
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.on("timeout", () =>
      req.destroy(new Error(`no answer within ${timeout} ms`)),
    );
    req.end(body);
  });
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks);
}

// rawHeaders (name, value, name, value...) without the ones Node sets
// itself for the body it writes, so repeated Set-Cookie headers survive.
function headerPairs(rawHeaders, drop = []) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (
      [
        "content-length",
        "transfer-encoding",
        "connection",
        "keep-alive",
        ...drop,
      ].includes(name)
    )
      continue;
    out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return out;
}

const tap = http.createServer(async (req, res) => {
  await readBody(req); // Prism's re-serialised copy; the original is kept
  const entry = pending.get(req.headers[TAP]);
  if (!entry || entry.answer) {
    // Prism follows redirects; the cloud's 3xx is what the caller gets.
    res.writeHead(entry?.answer ? 200 : 502, { "content-type": "text/plain" });
    res.end();
    return;
  }
  try {
    entry.answer = await send(
      upstream,
      entry.method,
      entry.url,
      entry.rawHeaders,
      entry.body,
    );
  } catch (err) {
    entry.answer = { error: err };
    res.destroy();
    return;
  }
  res.writeHead(entry.answer.status, headerPairs(entry.answer.rawHeaders));
  res.end(entry.answer.body);
});
tap.listen(0, "127.0.0.1");
await once(tap, "listening");
const tapURL = `http://127.0.0.1:${tap.address().port}`;

// ---- Prism

async function freePort() {
  const s = http.createServer().listen(0, "127.0.0.1");
  await once(s, "listening");
  const port = s.address().port;
  s.close();
  return port;
}
const prismPort = await freePort();
const prismLog = [];
const prism = spawn(
  prismBin,
  [
    "proxy",
    docFile,
    tapURL,
    "--errors",
    "--cors=false",
    "-h",
    "127.0.0.1",
    "-p",
    String(prismPort),
    "-v",
    "warn",
  ],
  { stdio: ["ignore", "pipe", "pipe"] },
);
for (const stream of [prism.stdout, prism.stderr]) {
  stream.setEncoding("utf8");
  stream.on("data", (s) => prismLog.push(s));
}
prism.on("exit", (code) => {
  if (!stopping) {
    console.error(`prism-front: Prism exited (${code}):\n${prismLog.join("")}`);
    process.exit(1);
  }
});
const prismTarget = new URL(`http://127.0.0.1:${prismPort}`);
// Prism reads the whole contract before it listens: on a busy machine that
// takes minutes. Wait until it answers; its exit (above) is the failure.
// The limit only detects a hang.
const prismHang = Date.now() + 10 * 60_000;
for (;;) {
  try {
    await send(prismTarget, "GET", "/api/health", { [TAP]: "0" });
    break;
  } catch {
    if (Date.now() > prismHang) {
      console.error(`prism-front: Prism did not start in 10 minutes:\n${prismLog.join("")}`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- the front

let requests = 0;
let redirects = 0; // answers Prism cannot check (it follows redirects)
const violations = new Map(); // text -> count

function violation(method, url, text) {
  // Ids, order numbers and addresses in the path vary from run to run; the
  // route is what matters.
  const route = url
    .split("?")[0]
    .split("/")
    .map((seg) => (/[0-9@%]/.test(seg) ? "{…}" : seg))
    .join("/");
  const key = `${method} ${route}: ${text.replaceAll(url.split("?")[0], route)}`;
  violations.set(key, (violations.get(key) ?? 0) + 1);
}

// Prism's verdict: the violations it marks as errors, from its header or
// from the problem+json it answered instead of the cloud's answer.
function verdict(answer) {
  const found = [];
  const header = headerValue(answer.rawHeaders, "sl-violations");
  if (header) {
    try {
      for (const v of JSON.parse(
        header.replace(/^Too many violations! /, ""),
      )) {
        if (v.severity === "Error")
          found.push(`${(v.location ?? []).join(".")} ${v.message}`);
      }
    } catch {
      found.push(`(sl-violations unreadable) ${header.slice(0, 500)}`);
    }
  }
  if (
    /problem\+json/.test(headerValue(answer.rawHeaders, "content-type") ?? "")
  ) {
    try {
      const p = JSON.parse(answer.body.toString("utf8"));
      if (!header || !p.type?.endsWith("#VIOLATIONS")) {
        const listed = (p.validation ?? []).filter(
          (v) => v.severity === "Error",
        );
        if (/#NO_(PATH|METHOD)_MATCHED_ERROR$/.test(p.type ?? ""))
          found.push("undocumented: no such operation in the document");
        else if (listed.length === 0)
          found.push(
            `Prism ${p.status}: ${p.title}${p.detail ? ": " + p.detail : ""}`,
          );
        // An invalid request (Prism's 422) lists what is wrong.
        for (const v of listed)
          found.push(`${(v.location ?? []).join(".")} ${v.message}`);
      }
    } catch {
      /* the cloud's own answer */
    }
  }
  return [...new Set(found)];
}

function headerValue(rawHeaders, name) {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}

function reply(res, answer) {
  res.writeHead(answer.status, headerPairs(answer.rawHeaders));
  res.end(answer.body);
}

const front = http.createServer(async (req, res) => {
  try {
    const body = await readBody(req);
    const rawHeaders = headerPairs(req.rawHeaders);
    // Always a length, even 0, on a request that may carry a body: without
    // one Node sends it chunked, and Prism waits forever for an empty
    // chunked body (a POST with no body, as pkg/client sends for a PDF).
    if (body.length > 0 || !["GET", "HEAD"].includes(req.method))
      rawHeaders.push("content-length", String(body.length));
    if (!req.url.startsWith("/api/")) {
      reply(res, await send(upstream, req.method, req.url, rawHeaders, body));
      return;
    }
    requests++;
    const id = String(nextID++);
    const entry = {
      method: req.method,
      url: req.url,
      rawHeaders,
      body,
      answer: null,
    };
    pending.set(id, entry);
    let judged;
    try {
      judged = await send(
        prismTarget,
        req.method,
        req.url,
        [...rawHeaders, TAP, id],
        body,
        60_000,
      );
    } catch (err) {
      if (entry.answer?.error) throw entry.answer.error; // the cloud is down
      // Prism failed: a violation to look into; the caller still gets the
      // cloud's answer.
      violation(req.method, req.url, `Prism failed: ${err.message}`);
      reply(
        res,
        entry.answer ??
          (await send(upstream, req.method, req.url, rawHeaders, body)),
      );
      return;
    } finally {
      pending.delete(id);
    }
    if (entry.answer?.error) throw entry.answer.error;
    if (
      entry.answer &&
      entry.answer.status >= 300 &&
      entry.answer.status < 400 &&
      entry.answer.status !== 304
    ) {
      redirects++; // Prism validated the page it followed to, not this answer
      reply(res, entry.answer);
      return;
    }
    for (const text of verdict(judged)) violation(req.method, req.url, text);
    // Prism did not forward (an undocumented path, a request it refused):
    // the cloud answers, so the run goes on to list every violation.
    reply(
      res,
      entry.answer ??
        (await send(upstream, req.method, req.url, rawHeaders, body)),
    );
  } catch (err) {
    // The cloud is down (a test stopped it): close the connection, as the
    // cloud's closed port would.
    res.destroy(err);
  }
});
front.keepAliveTimeout = 5000;
front.listen(Number(portArg ?? 0), "127.0.0.1");
await once(front, "listening");
console.log(`contract front on http://127.0.0.1:${front.address().port}`);

// ---- the summary

async function stop() {
  if (stopping) return;
  stopping = true;
  prism.kill("SIGTERM");
  front.close();
  tap.close();
  rmSync(work, { recursive: true, force: true });
  let total = 0;
  for (const n of violations.values()) total += n;
  const line = `contract${label}: ${operations} operations, ${requests} requests through Prism, ${total} violations`;
  if (total > 0) {
    console.error(
      `-- contract violations (fix pkg/api/openapi.yaml or the code), ${violations.size} kinds:`,
    );
    for (const [text, n] of [...violations].sort())
      console.error(`  ${n}x ${text}`);
  }
  if (redirects > 0)
    console.error(
      `contract: ${redirects} redirect answers not checked (Prism follows redirects)`,
    );
  console.error(line);
  // Under make test every front (the journeys', each test cloud's) adds its
  // counts to one tally, which scripts/test/all.sh sums into the report's line.
  if (process.env.LIFETAG_CONTRACT_TALLY)
    appendFileSync(
      process.env.LIFETAG_CONTRACT_TALLY,
      `${operations} ${requests} ${total}\n`,
    );
  else if (process.env.LIFETAG_TEST_REPORT)
    appendFileSync(process.env.LIFETAG_TEST_REPORT, line + "\n");
  process.exit(total > 0 ? 1 : 0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
