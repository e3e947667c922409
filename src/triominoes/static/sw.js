// The score pad offline (registered by the pad with scope /pad): its app
// shell, the rule sets and the catalogs are kept here, fresh from the
// network whenever there is one. The pads themselves live in localStorage.
// The build (scripts/service-worker.mjs) writes the built assets' names
// (they carry a hash of their content) and that list's hash into the copy
// it serves: a new build is a new cache, and the old one is dropped.
const CACHE = "triominoes-pad-cd99f4dd2103";
const ASSETS = ["/assets/Analysis-CPFho0sl.js","/assets/PadPage-Dy2QAPoM.js","/assets/PlayersPage-Be-59O4m.js","/assets/PuzzlesPage-CVvbJ3gu.js","/assets/PuzzlesPage-I4nli5BU.css","/assets/app-bvCPJ4iv.js","/assets/index-B5V03UTB.css","/assets/jsxRuntime-pRtyUyRN.js","/assets/router-YqGQTBmz.js"];
const SHELL = ["/pad", ...ASSETS, "/api/rules"];
const LOCALES = ["de", "cs", "es", "th"].map((code) => `/locales/${code}.json`);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([...SHELL, ...LOCALES].map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function kept(request) {
  const url = new URL(request.url);
  if (url.origin !== location.origin || request.method !== "GET") return false;
  return url.pathname.startsWith("/assets/") || url.pathname.startsWith("/locales/") || url.pathname === "/api/rules";
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    // Every page is the same index.html: offline, any /pad address gets it.
    event.respondWith(
      fetch(request)
        .then((answer) => {
          const copy = answer.clone();
          if (answer.ok) caches.open(CACHE).then((cache) => cache.put("/pad", copy));
          return answer;
        })
        .catch(() => caches.match("/pad")),
    );
    return;
  }
  if (!kept(request)) return;
  event.respondWith(
    fetch(request)
      .then((answer) => {
        const copy = answer.clone();
        if (answer.ok) caches.open(CACHE).then((cache) => cache.put(request, copy));
        return answer;
      })
      .catch(() => caches.match(request).then((hit) => hit ?? Response.error())),
  );
});
