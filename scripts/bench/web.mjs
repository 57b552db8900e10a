// `make bench`, website part (scripts/bench/web.sh seeds the data and runs
// this beside its pinned Lighthouse): Lighthouse's mobile performance on five
// pages (3 runs each, medians), then the longest interactions on the library
// and the batch page as the browser's Event Timing API reports them.
// Offline-safe: Debian's chromium with its background networking off, and
// only loopback is ever asked for.
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`bench-web: ${name} is not set`);
  return v;
};
const base = env("BENCH_BASE");
const org = Number(env("BENCH_ORG"));
const password = env("BENCH_PASSWORD");
const codes = Number(env("BENCH_CODES"));
const runs = Number(env("BENCH_RUNS"));
const QUEUE_KEY = "lifetag_batch_queue"; // frontend/src/features/corporate/batch-print/queueStore.ts

const chromeArgs = [
  "--headless=new",
  "--no-sandbox",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-sync",
  "--disable-extensions",
  "--metrics-recording-only",
  "--disable-dev-shm-usage",
];

async function launch() {
  return puppeteer.launch({
    executablePath: env("CHROMIUM"),
    args: chromeArgs,
    defaultViewport: null,
  });
}

/** Signs in through the site's own form, as a person would, so the page's own state is set. */
async function signIn(browser, path, email) {
  const page = await browser.newPage();
  await page.goto(base + path, { waitUntil: "networkidle0" });
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: "networkidle0" }),
    page.locator('::-p-aria(Sign In[role="button"])').click(),
  ]);
  return page;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * One Lighthouse run on the page. On a loaded machine Chromium's trace
 * sometimes misses the navigation (NO_NAVSTART): such a run measured
 * nothing and is run again, at most twice.
 */
async function lighthouseOnce(url, page) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    const lhr = result.lhr;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3)
      throw new Error(`bench-web: ${url}: ${lhr.runtimeError.message}`);
    console.error(`bench-web: ${url}: ${lhr.runtimeError.code}, run again`);
  }
}

/**
 * Lighthouse's default (mobile, simulated throttling) on url, `runs` times,
 * each from a cold HTTP cache in a new tab of the signed-in browser (the
 * storage reset would sign it out: disableStorageReset, and the cache is
 * cleared here instead). `queue` is put in the tab's sessionStorage first.
 */
async function audit(browser, url, queue) {
  const perf = [];
  const lcp = [];
  const tbt = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    if (queue) {
      await page.evaluateOnNewDocument(
        (key, value) => {
          if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
        },
        QUEUE_KEY,
        JSON.stringify(queue),
      );
    }
    const lhr = await lighthouseOnce(url, page);
    if (!lhr.finalDisplayedUrl.startsWith(url)) {
      throw new Error(`bench-web: ${url} ended on ${lhr.finalDisplayedUrl}`);
    }
    perf.push(Math.round(lhr.categories.performance.score * 100));
    lcp.push(lhr.audits["largest-contentful-paint"].numericValue / 1000);
    tbt.push(lhr.audits["total-blocking-time"].numericValue);
    await page.close();
  }
  return { perf: median(perf), lcp: median(lcp), tbt: median(tbt) };
}

function line(name, r) {
  console.log(
    `web: ${name} perf ${r.perf}, LCP ${r.lcp.toFixed(2)} s, TBT ${Math.round(r.tbt)} ms`,
  );
}

// Event Timing: every interaction's duration (input to the next paint), kept
// on window from the page's start.
const observeInteractions = () => {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__interactions.push(e.duration);
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
};

/** The longest interaction while `act` runs, in ms (the entries come after the next paint). */
async function longest(page, act) {
  await page.evaluate(() => (window.__interactions.length = 0));
  await act();
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(done, 100)),
        ),
      ),
  );
  return Math.round(
    Math.max(0, ...(await page.evaluate(() => window.__interactions))),
  );
}

const timing = (what, ms) => console.log(`web: ${what} ${ms} ms`);

/**
 * Each interaction is timed this many times; the median is printed (a
 * loaded machine jitters). Once when Lighthouse runs once (BENCH_WEB_RUNS=1,
 * and the smoke run in make test): a quick look, not a figure.
 */
const REPEATS = runs === 1 ? 1 : 3;

/** The median of REPEATS timings of `act`, `reset` run after each. */
async function medianOf(page, act, reset) {
  const times = [];
  for (let i = 0; i < REPEATS; i++) {
    times.push(await longest(page, act));
    await reset();
  }
  return median(times);
}

async function libraryInteractions(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.evaluateOnNewDocument(observeInteractions);
  await page.goto(`${base}/corporate/qr-codes`, { waitUntil: "networkidle0" });
  // The newest code: the seed names its workers Worker 0001 to Worker <codes>.
  const newest = `::-p-aria(Edit: Worker ${String(codes).padStart(4, "0")}[role="button"])`;
  const wanted = "Worker 0001"; // the oldest code, on the library's last page
  const search = 'input[type="search"]';
  await page.locator(newest).wait();
  const typing = [];
  const shown = [];
  const clearing = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = Date.now();
    typing.push(
      await longest(page, () => page.type(search, wanted, { delay: 60 })),
    );
    await page.locator(`::-p-aria(Edit: ${wanted}[role="button"])`).wait();
    shown.push(Date.now() - started);
    clearing.push(
      await longest(page, async () => {
        await page.click(search, { clickCount: 3 });
        await page.keyboard.press("Backspace");
      }),
    );
    await page.locator(newest).wait();
  }
  timing("library typing in search, longest key", median(typing));
  timing("library search shows the match after", median(shown));
  timing("library clearing the search", median(clearing));
  timing(
    "library opening a row's Edit",
    await medianOf(
      page,
      async () => {
        await page.locator(newest).click();
        await page.locator('[role="dialog"]').wait();
      },
      async () => {
        await page.keyboard.press("Escape");
        await page.waitForSelector('[role="dialog"]', { hidden: true });
      },
    ),
  );
  await page.close();
}

async function batchInteractions(browser, queue) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.evaluateOnNewDocument(observeInteractions);
  await page.evaluateOnNewDocument(
    (key, value) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
    },
    QUEUE_KEY,
    JSON.stringify(queue),
  );
  await page.goto(`${base}/label-batch-print`, { waitUntil: "networkidle0" });
  const removals = [];
  for (const item of queue.items.slice(0, REPEATS)) {
    const remove = `::-p-aria(Remove ${item.name}[role="button"])`;
    await page.locator(remove).wait();
    removals.push(await longest(page, () => page.locator(remove).click()));
  }
  timing("batch removing a queued code", median(removals));
  // The removed codes are pickable again: the picker lists them.
  timing(
    "batch opening Add from Library",
    await medianOf(
      page,
      async () => {
        await page
          .locator('::-p-aria(Add from Library[role="button"])')
          .click();
        await page.locator('[role="dialog"]').wait();
      },
      async () => {
        await page.keyboard.press("Escape");
        await page.waitForSelector('[role="dialog"]', { hidden: true });
      },
    ),
  );
  await page.locator('::-p-aria(Add from Library[role="button"])').click();
  timing(
    "batch picker typing in search, longest key",
    await longest(page, () =>
      page.type('[role="dialog"] input[type="search"]', "Worker 0", {
        delay: 60,
      }),
    ),
  );
  await page.close();
}

const home = await launch();
try {
  line("home", await audit(home, `${base}/`));
} finally {
  await home.close();
}

const corporate = await launch();
try {
  const page = await signIn(
    corporate,
    "/corporate-login",
    env("BENCH_OFFICER"),
  );
  // 2,000 queued: every code of the library, as Add from Library's select-all queues them.
  const library = await page.evaluate(
    async (orgId) => (await fetch(`/api/corporate/${orgId}/qr-codes`)).json(),
    org,
  );
  if (library.qrCodes.length !== codes)
    throw new Error(
      `bench-web: the library has ${library.qrCodes.length} codes`,
    );
  const queue = {
    orgId: org,
    items: library.qrCodes.map((c, i) => ({
      id: `batch_${Date.now()}_${i}`,
      codeId: c.id,
      name: c.name,
      projectName: c.projectName,
      labelType: c.labelType,
    })),
  };
  await page.close();
  line(
    "corporate dashboard",
    await audit(corporate, `${base}/corporate/dashboard/${org}`),
  );
  line(
    `library ${codes} codes`,
    await audit(corporate, `${base}/corporate/qr-codes`),
  );
  line(
    `batch print ${codes} queued`,
    await audit(corporate, `${base}/label-batch-print`, queue),
  );
  await libraryInteractions(corporate);
  await batchInteractions(corporate, queue);
} finally {
  await corporate.close();
}

const admin = await launch();
try {
  await (await signIn(admin, "/login", env("BENCH_ADMIN"))).close();
  line(
    `admin users ${env("BENCH_USERS")}`,
    await audit(admin, `${base}/admin`),
  );
} finally {
  await admin.close();
}
