// mtgkb's service worker: the pages read are kept, with the whole rules text (offline/rules.json),
// so a judge who opened the site once can read any rule with no signal.
const CACHE = "mtgkb-v1";
const BUNDLE = "offline/rules.json";
const SCOPE = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(["./", "glossary", BUNDLE].map((p) => new URL(p, SCOPE).href));
    const home = await (await cache.match(new URL("./", SCOPE).href)).text();
    const css = home.match(/href="([^"]*static\/style\.css[^"]*)"/);
    if (css) await cache.add(new URL(css[1].replace(/&amp;/g, "&"), SCOPE).href);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin) return;
  event.respondWith(fromNetworkElseKept(request, url));
});

async function fromNetworkElseKept(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.type === "basic") await cache.put(request, answer.clone());
    const ui = answer.headers.get("Content-Language");  // a page's interface language: the offline page's too
    if (request.mode === "navigate" && WORDS[ui]) await cache.put(new URL(UI_KEPT, SCOPE).href, new Response(ui));
    return answer;
  } catch (offline) {
    const kept = (await cache.match(request)) ||
      (url.pathname.endsWith("/static/style.css") ? await cache.match(request, { ignoreSearch: true }) : undefined);
    if (kept) return kept;
    return offlinePage(cache, url);
  }
}

// The offline page in the interface language of the last page read online.
const UI_KEPT = "offline/ui";
const WORDS = {
  en: { notice: "Offline: the rules text kept on this device.", none: (n) => `No rule ${n} in the copy kept on this device.`,
        unread: "This page was not read before going offline." },
  it: { notice: "Senza rete: il testo delle regole conservato su questo dispositivo.",
        none: (n) => `Nessuna regola ${n} nella copia conservata su questo dispositivo.`,
        unread: "Questa pagina non era stata letta prima di perdere la rete." },
  fr: { notice: "Hors ligne : le texte des règles conservé sur cet appareil.",
        none: (n) => `Aucune règle ${n} dans la copie conservée sur cet appareil.`,
        unread: "Cette page n’a pas été lue avant la perte du réseau." },
};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function wanted(url) {
  // /rules/702.19 or /search?q=702.19: a rule number asked for
  const base = SCOPE.pathname.replace(/\/$/, "");
  if (url.pathname.startsWith(base + "/rules/")) return decodeURIComponent(url.pathname.slice(base.length + 7));
  if (url.pathname === base + "/search") return (url.searchParams.get("q") || "").trim();
  return "";
}

async function offlinePage(cache, url) {
  const number = wanted(url).replace(/\.$/, "");
  const kept = await cache.match(new URL(UI_KEPT, SCOPE).href);
  const ui = kept ? await kept.text() : "en";
  const words = WORDS[ui] || WORDS.en;
  const bundle = await cache.match(new URL(BUNDLE, SCOPE).href);
  const rules = bundle ? (await bundle.json()).rules : [];
  const shown = number ? rules.filter(([n]) => n === number || n.startsWith(number + ".") ||
                                                (/^\d{3}\.\d+$/.test(number) && new RegExp(`^${number.replace(".", "\\.")}[a-z]$`).test(n)))
                       : [];
  const body = shown.length
    ? shown.map(([n, title, texts]) => `<article class="entry" id="R${escape(n.replace(/\./g, ""))}"><h2>${escape(n)} ${escape(title || "")}</h2>` +
        Object.entries(texts).map(([lang, text]) => `<section class="text" lang="${escape(lang)}"><p><span class="lang">${escape(lang.toUpperCase())}</span> ${escape(text)}</p></section>`).join("") +
        "</article>").join("")
    : `<p>${number ? escape(words.none(number)) : escape(words.unread)}</p>`;
  const html = `<!doctype html><html lang="${escape(WORDS[ui] ? ui : "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(number || "offline")} · mtgkb</title><link rel="stylesheet" href="${escape(new URL("static/style.css", SCOPE).pathname)}"></head>` +
    `<body><main><p class="notice offline">${escape(words.notice)}</p>` +
    `<form action="${escape(SCOPE.pathname)}search"><input name="q" type="search" placeholder="702.19"></form>${body}</main></body></html>`;
  return new Response(html, { status: shown.length || !number ? 200 : 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
