// mtgkb's service worker: the pages read are kept, with the whole rules text and the glossary
// (offline/rules.json), so a judge who opened the site once can read any rule, and any term, with no signal.
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
    await keepOpenPages(cache);
    await self.skipWaiting();
  })());
});

// The pages open when the worker installs (the page that registered it, read before the worker was in
// control): kept as read, and their interface language is the offline pages' one.
async function keepOpenPages(cache) {
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of open) {
    if (!client.url.startsWith(SCOPE.href)) continue;
    try {
      await keep(cache, new Request(client.url, { credentials: "same-origin" }), await fetch(client.url, { credentials: "same-origin" }), true);
    } catch (offline) { /* kept when read again */ }
  }
}

// A page's address without its interface-language switch (?ui=it): the page read as /rules/400.7?ui=it
// is /rules/400.7 offline too.
function withoutUi(url) {
  const plain = new URL(url);
  plain.searchParams.delete("ui");
  return plain.href;
}

async function keep(cache, request, answer, page) {
  if (!answer.ok || answer.type !== "basic") return;
  await cache.put(request, answer.clone());
  if (!page) return;
  const plain = withoutUi(request.url);
  if (plain !== request.url) await cache.put(plain, answer.clone());
  const ui = answer.headers.get("Content-Language");  // a page's interface language: the offline page's too
  if (WORDS[ui]) await cache.put(new URL(UI_KEPT, SCOPE).href, new Response(ui));
}

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
    await keep(cache, request, answer, request.mode === "navigate");
    return answer;
  } catch (offline) {
    const kept = (await cache.match(request)) || (await cache.match(withoutUi(request.url))) ||
      (url.pathname.endsWith("/static/style.css") ? await cache.match(request, { ignoreSearch: true }) : undefined);
    if (kept) return kept;
    return offlinePage(cache, url);
  }
}

// The offline pages, in the interface language of the last page read online, in the frame of the
// pages online (the header's search box, Contents and Glossary; previous / parent / next; rule
// references as links) as far as the data kept allows.
const UI_KEPT = "offline/ui";
const WORDS = {
  en: { notice: "Offline: the rules text kept on this device.", none: (n) => `No rule ${n} in the copy kept on this device.`,
        unread: "This page was not read before going offline.",
        words: (q) => `Searching words (“${q}”) needs the network. Kept on this device: the rules, by number (702.19), and the glossary, by a term’s name in English, Italian or French.`,
        inGlossary: "In the glossary kept on this device:",
        noTerm: (q) => `No term of the glossary kept on this device is named “${q}”.`,
        noCard: (name) => `Cards need the network: the page of the card “${name}” was not read before going offline.`,
        cardTitle: (name) => `${name}: needs the network`, offline: "Offline",
        search: "Search", placeholder: "Rule, word or card", contents: "Contents", glossary: "Glossary",
        nearby: "Nearby rules", find: "Find", findLabel: "Find a term in English, Italian or French",
        stale: (l, s, p, d, r) => `The ${l} text (${s}, ${p}) is dated ${d}, before the English release of ${r}: it may be out of date.`,
        undated: (l, s, p, r) => `The ${l} text (${s}, ${p}) gives no date; the English release is of ${r}: it may be out of date.`,
        mayBeOld: "may be out of date",
        provenance: { official: "official", community: "community", translator: "translator", machine: "machine translation" } },
  it: { notice: "Senza rete: il testo delle regole conservato su questo dispositivo.",
        none: (n) => `Nessuna regola ${n} nella copia conservata su questo dispositivo.`,
        unread: "Questa pagina non era stata letta prima di perdere la rete.",
        words: (q) => `La ricerca di parole («${q}») richiede la rete. Su questo dispositivo sono conservati: le regole, per numero (702.19), e il glossario, per nome di un termine in italiano, inglese o francese.`,
        inGlossary: "Nel glossario conservato su questo dispositivo:",
        noTerm: (q) => `Nessun termine del glossario conservato su questo dispositivo si chiama «${q}».`,
        noCard: (name) => `Le carte richiedono la rete: la pagina della carta «${name}» non era stata letta prima di perdere la rete.`,
        cardTitle: (name) => `${name}: serve la rete`, offline: "Senza rete",
        search: "Cerca", placeholder: "Regola, parola o carta", contents: "Indice", glossary: "Glossario",
        nearby: "Regole vicine", find: "Trova", findLabel: "Trova un termine in italiano, inglese o francese",
        stale: (l, s, p, d, r) => `Il testo ${l} (${s}, ${p}) è datato ${d}, prima della versione inglese del ${r}: potrebbe non essere aggiornato.`,
        undated: (l, s, p, r) => `Il testo ${l} (${s}, ${p}) non è datato; la versione inglese è del ${r}: potrebbe non essere aggiornato.`,
        mayBeOld: "potrebbe non essere aggiornata",
        provenance: { official: "ufficiale", community: "comunità", translator: "traduttore", machine: "traduzione automatica" } },
  fr: { notice: "Hors ligne : le texte des règles conservé sur cet appareil.",
        none: (n) => `Aucune règle ${n} dans la copie conservée sur cet appareil.`,
        unread: "Cette page n’a pas été lue avant la perte du réseau.",
        words: (q) => `Chercher des mots (« ${q} ») demande le réseau. Conservés sur cet appareil : les règles, par numéro (702.19), et le glossaire, par le nom d’un terme en français, anglais ou italien.`,
        inGlossary: "Dans le glossaire conservé sur cet appareil :",
        noTerm: (q) => `Aucun terme du glossaire conservé sur cet appareil ne s’appelle « ${q} ».`,
        noCard: (name) => `Les cartes demandent le réseau : la page de la carte « ${name} » n’a pas été lue avant la perte du réseau.`,
        cardTitle: (name) => `${name} : réseau nécessaire`, offline: "Hors ligne",
        search: "Chercher", placeholder: "Règle, mot ou carte", contents: "Sommaire", glossary: "Glossaire",
        nearby: "Règles voisines", find: "Trouver", findLabel: "Trouver un terme en français, anglais ou italien",
        stale: (l, s, p, d, r) => `Le texte ${l} (${s}, ${p}) date du ${d}, avant la version anglaise du ${r} : il est peut-être dépassé.`,
        undated: (l, s, p, r) => `Le texte ${l} (${s}, ${p}) n’est pas daté ; la version anglaise date du ${r} : il est peut-être dépassé.`,
        mayBeOld: "peut-être dépassé",
        provenance: { official: "officiel", community: "communauté", translator: "traducteur", machine: "traduction automatique" } },
};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fold = (text) => String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[’‘]/g, "'")
  .toLowerCase().replace(/\s+/g, " ").trim();
const href = (path) => new URL(path, SCOPE).pathname;
const ruleHref = (n) => href(`rules/${encodeURIComponent(n)}`);
const anchor = (n) => "R" + n.replace(/\./g, "");

// What a request asks for: a rule (its page, or a number typed in the search box), words searched,
// the glossary searched, a term, a card, or a page not read.
function asked(url) {
  const base = SCOPE.pathname.replace(/\/$/, "");
  const path = url.pathname;
  const q = (url.searchParams.get("q") || "").trim();
  if (path.startsWith(base + "/rules/")) return { kind: "rule", value: decodeURIComponent(path.slice(base.length + 7)) };
  if (path === base + "/search") return { kind: ruleNumber(q) ? "rule" : "words", value: q };
  if (path === base + "/glossary") return { kind: "glossary", value: q };
  if (path.startsWith(base + "/define/")) return { kind: "term", value: decodeURIComponent(path.slice(base.length + 8)) };
  if (path.startsWith(base + "/cards/")) return { kind: "card", value: decodeURIComponent(path.slice(base.length + 7)) };
  return { kind: "page", value: "" };
}

// A rule number as the search box takes it: "702.19", "702,19", "CR 702.19", "rule 702.19."; else "".
function ruleNumber(typed) {
  const number = typed.replace(/^(?:cr|rules?|regol[ae]|r[èe]gles?|§)\s*/i, "").replace(/,/g, ".").replace(/\.$/, "").trim();
  return /^\d(?:\d\d(?:\.\d+[a-z]?)?)?$/.test(number) ? number : "";
}

// A text with the rule numbers it cites (and a chapter after a word that names one: "See rule 510") as links.
const REFERENCE = /(?<![\w.])(?:(\d{3}\.\d+[a-z]?)|(\d{3}))(?![\w]|\.\d)/g;
const CHAPTER_CUE = /(?:\brules?|\bregol[ae]|\br[èe]gles?|\bchapters?|\bcapitol[oi]|\bchapitres?)\s+$/i;
function linked(text, held) {
  let out = "", last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const number = match[1] || match[2];
    if (match[2] && !CHAPTER_CUE.test(text.slice(Math.max(0, match.index - 12), match.index))) continue;
    if (!held.has(number)) continue;
    out += escape(text.slice(last, match.index)) + `<a class="ref" href="${escape(ruleHref(number))}">${escape(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return out + escape(text.slice(last));
}

function frame(ui, words, title, body, query, status) {
  const html = `<!doctype html><html lang="${escape(ui)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(title)} · mtgkb</title><link rel="stylesheet" href="${escape(href("static/style.css"))}"></head><body>` +
    `<header class="top"><a class="brand" href="${escape(href("./"))}">mtgkb</a>` +
    `<form class="find" action="${escape(href("search"))}" method="get" role="search"><input type="search" name="q" value="${escape(query)}" maxlength="200" aria-label="${escape(words.search)}" placeholder="${escape(words.placeholder)}"><button type="submit">${escape(words.search)}</button></form>` +
    `<nav class="links"><a href="${escape(href("./"))}">${escape(words.contents)}</a><a href="${escape(href("glossary"))}">${escape(words.glossary)}</a></nav></header>` +
    `<main><p class="notice offline">${escape(words.notice)}</p>${body}</main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": ui } });
}

// A rule with its subrules, as online: previous and next in rules order (every rule and subrule: 702.19
// -> 702.19a), and a notice for each translation dated before the English text beside it.
function rulePage(bundle, held, number, words) {
  const { rules = [], sources = [], reference = "" } = bundle;
  const at = rules.findIndex(([n]) => n === number);
  if (at < 0) return "";
  let end = at + 1;
  while (end < rules.length && (rules[end][0].startsWith(number + ".") || new RegExp(`^${number.replace(/\./g, "\\.")}[a-z]$`).test(rules[end][0]))) end++;
  const shown = rules.slice(at, end);
  const parent = number.includes(".") ? (/[a-z]$/.test(number) ? number.slice(0, -1) : number.split(".")[0]) : (number.length === 3 ? number[0] : "");
  const link = (n, rel, text) => n ? `<a rel="${rel}" href="${escape(ruleHref(n))}">${escape(text)}</a>` : "<span></span>";
  const previous = at > 0 ? rules[at - 1][0] : "", next = at + 1 < rules.length ? rules[at + 1][0] : "";
  const nav = `<nav class="rulenav" aria-label="${escape(words.nearby)}">${link(previous, "prev", `← ${previous}`)}` +
    `${link(held.has(parent) ? parent : "", "up", `↑ ${parent}`)}${link(next, "next", `${next} →`)}</nav>`;
  const stale = new Map();  // source index -> its notice, once per page as online
  const staleText = (lang, from) => {
    const source = sources[from[lang]];
    const theirs = (from.en !== undefined && sources[from.en] ? sources[from.en][2] : "") || reference;
    if (lang === "en" || !source || !theirs || (source[2] && source[2] >= theirs)) return false;
    const [, title, date, provenance] = source;
    const said = words.provenance[provenance] || provenance;
    stale.set(from[lang], date ? words.stale(lang.toUpperCase(), title, said, date, theirs)
                               : words.undated(lang.toUpperCase(), title, said, theirs));
    return true;
  };
  const articles = shown.map(([n, title, texts, from = {}], i) => {
    const h = i === 0 ? "h1" : "h2";
    return `<article class="rule" id="${escape(anchor(n))}"><${h} class="num"><a href="${escape(ruleHref(n))}">${escape(n)}${n.includes(".") ? "" : "."}</a>` +
      `${title ? ` <span class="title">${escape(title)}</span>` : ""}</${h}><div class="texts">` +
      Object.entries(texts).map(([lang, text]) => `<section class="text" lang="${escape(lang)}"><header><span class="lang">${escape(lang.toUpperCase())}</span>` +
        `${staleText(lang, from) ? ` <span class="stale-mark" title="${escape(words.mayBeOld)}">⚠</span>` : ""}</header><p>${linked(text, held)}</p></section>`).join("") +
      "</div></article>";
  }).join("");
  return nav + [...stale.values()].map((text) => `<p class="notice stale">⚠ ${escape(text)}</p>`).join("") + articles;
}

// Glossary terms kept: those named so (in any language), else those whose names or texts hold the words.
function termsFound(terms, query, exact) {
  const q = fold(query);
  if (!q) return [];
  const named = terms.filter(([, names]) => Object.values(names).flat().some((n) => fold(n) === q));
  if (named.length || exact) return named;
  const inNames = terms.filter(([term, names]) => [term, ...Object.values(names).flat()].some((n) => fold(n).includes(q)));
  return inNames.length ? inNames : terms.filter(([, , texts]) => Object.values(texts).some((t) => fold(t).includes(q)));
}

function termArticles(found, held, heading) {
  return found.slice(0, 20).map(([term, names, texts]) =>
    `<article class="term"><${heading} class="term-name"><a href="${escape(href(`define/${encodeURIComponent(term)}`))}">${escape(term)}</a></${heading}>` +
    `<p class="names">${Object.entries(names).map(([lang, ns]) => `<span class="name" lang="${escape(lang)}"><span class="lang">${escape(lang.toUpperCase())}</span> ${escape(ns.slice(0, 3).join(", "))}</span>`).join(" ")}</p>` +
    Object.entries(texts).map(([lang, text]) => `<div class="text" lang="${escape(lang)}"><p><span class="lang">${escape(lang.toUpperCase())}</span> ${linked(text, held)}</p></div>`).join("") +
    "</article>").join("");
}

async function offlinePage(cache, url) {
  const kept = await cache.match(new URL(UI_KEPT, SCOPE).href);
  const keptUi = kept ? await kept.text() : "en";
  const ui = WORDS[keptUi] ? keptUi : "en";
  const words = WORDS[ui];
  const bundle = await cache.match(new URL(BUNDLE, SCOPE).href);
  const bundled = bundle ? await bundle.json() : {};
  const { rules = [], terms = [] } = bundled;
  const held = new Set(rules.map(([n]) => n));
  const { kind, value } = asked(url);
  if (kind === "rule") {
    const number = ruleNumber(value) || value;
    const page = rulePage(bundled, held, number, words);
    return frame(ui, words, number, page || `<p>${escape(words.none(number))}</p>`, url.pathname.endsWith("/search") ? value : "", page ? 200 : 404);
  }
  if (kind === "words") {
    const found = termsFound(terms, value, false);
    const glossary = found.length ? `<h2>${escape(words.inGlossary)}</h2>${termArticles(found, held, "h3")}` : "";
    return frame(ui, words, value, `<p class="notice">${escape(words.words(value))}</p>${glossary}`, value, 200);
  }
  if (kind === "glossary" || kind === "term") {
    const found = termsFound(terms, value, false);
    const form = kind === "glossary" ? `<h1>${escape(words.glossary)}</h1><form class="term-find" action="${escape(href("glossary"))}" method="get"><input type="search" name="q" value="${escape(value)}" maxlength="200" aria-label="${escape(words.findLabel)}"><button type="submit">${escape(words.find)}</button></form>` : "";
    const body = found.length ? termArticles(found, held, kind === "term" && found.length === 1 ? "h1" : "h2")
                              : `<p class="notice">${escape(words.noTerm(value))}</p>`;
    return frame(ui, words, value || words.glossary, form + body, "", found.length ? 200 : 404);
  }
  if (kind === "card") return frame(ui, words, words.cardTitle(value), `<h1>${escape(value)}</h1><p>${escape(words.noCard(value))}</p>`, "", 404);
  return frame(ui, words, words.offline, `<p>${escape(words.unread)}</p>`, "", 404);
}
