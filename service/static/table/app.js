// @ts-check
/**
 * The reference table: one player in the browser, bots in the other seats, hand after hand to the
 * end of a match, on the public API alone (docs/table.md). What is legal, who won and what scored
 * all come from the API; this module only shows it and sends back what the player picks.
 *
 * The match lives in the browser (localStorage): the hand records, the current record and the
 * settings. The record is sent whole with every request; the service keeps nothing.
 */
import * as api from "./api.js";

/** @typedef {import("./api.js").GameId} GameId */
/** @typedef {import("./api.js").View} View */
/** @typedef {import("./api.js").Action} Action */
/** @typedef {import("./api.js").HandRecord} HandRecord */
/** @typedef {import("./api.js").Match} Match */
/** @typedef {import("./api.js").Score} Score */
/** @typedef {import("./api.js").Game} Game */
/**
 * @typedef {{ game: GameId, profile: string, players: number | null, lengthOption: string | null,
 *   length: string | null, level: string, tempo: string, lang: string, seed: number | null,
 *   levels?: Record<string, string> }} Settings
 * @typedef {{ settings: Settings, records: HandRecord[], record: HandRecord | null,
 *   match: Match | null, callsPerHand: number[], callsThisHand: number, timeouts: number,
 *   finished: boolean }} Saved
 */

const STORE = "trickref.table.v1";
const ME = 0; // the player's seat: always at the bottom
const LANGS = ["en", "ar", "hy", "ru"];
const RTL = new Set(["ar"]);
const SUITS = /** @type {Record<string, string>} */ ({ S: "♠", H: "♥", D: "♦", C: "♣", NT: "NT" });
const RANKS = /** @type {Record<string, string>} */ ({ T: "10" });
// Which way the table turns (seat s+1 acts after seat s either way, docs/table.md): Baloot rule
// book, "The deal" (the player to the dealer's right calls first: counter-clockwise); the others
// play clockwise (the player on the dealer's left leads).
const COUNTER_CLOCKWISE = new Set(["baloot"]);
// The Baloot rule book, "At the table": seconds per card and per call at each tempo.
const TEMPOS = /** @type {Record<string, { card: number, call: number }>} */ ({
  relaxed: { card: 60, call: 75 },
  normal: { card: 30, call: 40 },
  fast: { card: 15, call: 25 },
});
const LENGTH_OPTIONS = ["target", "match", "schedule"]; // what "match length" is in each game's rules
const CALLING_PHASES = new Set(["bidding", "trump", "auction", "take", "name", "calling", "doubling"]);
const params = new URLSearchParams(location.search);
/** @param {string} name @param {number} fallback */
const msParam = (name, fallback) => Math.max(0, Math.min(5000, Number(params.get(name) ?? fallback) || 0));
// A visible pause before each bot move (ms); ?pause= shortens it for demos and tests.
const PAUSE = msParam("pause", 700);
// How long a completed trick stays on the table, its winner marked (ms); ?hold= for tests.
const HOLD = msParam("hold", 1000);
// ?clock= seconds overrides the tempo's clock (a demo of the timeout move).
const CLOCK_OVERRIDE = Number(params.get("clock") || 0) || 0;

/** @type {Record<string, string>} */
let T = {};
/** @type {Game[]} */
let games = [];
/**
 * The game's words in the chosen language (GET glossary), once per match or page load.
 * @type {Record<string, any> | null}
 */
let words = null;
let numbers = new Intl.NumberFormat("en");
let gains = new Intl.NumberFormat("en", { signDisplay: "exceptZero" });
let seconds = new Intl.NumberFormat("en", { style: "unit", unit: "second", unitDisplay: "narrow" });

// --- the glossary, read in one place (its wire shape may change: only these two read it) ---------

/**
 * A name from the glossary, else the page's own string.
 * @param {string} section
 * @param {string} code
 * @param {string} fallback
 */
function word(section, code, fallback) {
  const names = words ? words[section] : null;
  if (code === "") return typeof names === "string" ? names : fallback; // a single word: `capot`
  return names && typeof names[code] === "string" ? names[code] : fallback;
}

/**
 * How a hand is shown under a strain: the suits left to right and each suit's ranks high to low.
 * @param {string | null} strain
 * @returns {{ suits: string[], ranks: string[], trump_ranks: string[] | null } | null}
 */
function handOrder(strain) {
  const orders = words ? words.hand_order : null;
  return (orders && (orders[strain ?? "NT"] ?? orders.NT)) || null;
}

/** Load the glossary of the match's game in the match's language. */
async function loadWords() {
  words = saved ? /** @type {Record<string, any>} */ (await api.glossary(saved.settings.game)) : null;
}

/**
 * A number as the language writes it (its digits, its minus sign).
 * @param {unknown} n
 */
function num(n) {
  return typeof n === "number" ? numbers.format(n) : String(n ?? "—");
}
/**
 * The numbers inside a text written as the language writes them ("152 نقطة" in Arabic: ١٥٢).
 * @param {string} text
 */
function digits(text) {
  return text.replace(/\d+/g, (n) => num(Number(n)));
}
/** @type {Saved | null} */
let saved = null;
/** @type {View | null} */
let view = null;
let busy = false; // an action of the player's is in flight
let generation = 0; // bumped when a match is left: stale bot loops stop
let dealing = false; // a deal asked for (Play, Next hand) whose table is not shown yet: pressing again starts nothing
/** @type {number | undefined} */
let clockTimer;
let autopilot = false;
/** @type {Record<string, any> | null} a completed trick held on the table a moment */
let held = null;
let holding = false; // no card is sent while a completed trick is shown

/** @param {string} id */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el;
}

/**
 * A UI string in the chosen language, `{name}` placeholders filled.
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 */
function t(key, vars) {
  // a game's own words first (`contract@baloot`), then the text all games share
  let text = (saved ? T[`${key}@${saved.settings.game}`] : undefined) ?? T[key] ?? key;
  for (const [name, value] of Object.entries(vars || {})) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/** @param {string} lang */
async function loadLanguage(lang) {
  const code = LANGS.includes(lang) ? lang : "en";
  const response = await fetch(`/table/i18n/${code}.json`);
  T = await response.json();
  api.setLanguage(code);
  // Arabic with its own digits, as the page's Arabic strings write them (and its minus sign)
  const locale = code === "ar" ? "ar-u-nu-arab" : code;
  numbers = new Intl.NumberFormat(locale);
  gains = new Intl.NumberFormat(locale, { signDisplay: "exceptZero" });
  seconds = new Intl.NumberFormat(locale, { style: "unit", unit: "second", unitDisplay: "narrow" });
  document.documentElement.lang = code;
  document.documentElement.dir = RTL.has(code) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) {
    const key = /** @type {HTMLElement} */ (el).dataset.t || "";
    if (T[key]) el.textContent = T[key];
  }
  document.title = t("title");
  if (saved) heading();
}

/** The page's one h1: the game being played (its name from the glossary), else the page's title. */
function heading() {
  const name = words && typeof words.name === "string" ? words.name : t("title");
  $("heading").textContent = saved ? name : t("title");
  document.title = saved ? `${name} · ${t("title")}` : t("title");
}

function store() {
  if (saved) localStorage.setItem(STORE, JSON.stringify(saved));
  else localStorage.removeItem(STORE);
}

/** @param {string} text */
function status(text) {
  $("status").textContent = text;
}

/**
 * A status about another seat ("Left is thinking…"), in a span a phone leaves to screen readers:
 * there the seat's glow on the felt shows whose turn it is, and the status keeps its place.
 * @param {string} key
 * @param {number} seat
 */
function seatStatus(key, seat) {
  const words = document.createElement("span");
  words.className = "other";
  words.textContent = t(key, { name: seatName(seat) });
  $("status").replaceChildren(words);
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {string} id */
function show(id) {
  for (const section of ["settings", "table", "sheet", "result"]) $(section).hidden = section !== id;
}

// --- cards, seats, calls as text ----------------------------------------------------------------

/** @param {string} card */
function cardText(card) {
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  return `${RANKS[rank] ?? rank}${SUITS[suit] ?? suit}`;
}

/**
 * A card drawn as a card: its index (rank over suit) in the corner and the suit's pip in the middle
 * (a CSS pseudo-element with empty alternative text, so it adds nothing to the card's name).
 * @param {HTMLElement} el
 * @param {string} card
 */
function drawCard(el, card) {
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  el.classList.add("card", suit === "H" || suit === "D" ? "red" : "black");
  el.dataset.card = card;
  el.dataset.pip = SUITS[suit] ?? suit;
  const index = document.createElement("span");
  index.className = "index";
  index.textContent = `${RANKS[rank] ?? rank}${SUITS[suit] ?? suit}`;
  // the name as words follows the visible text, so the accessible name contains what is shown
  const name = document.createElement("span");
  name.className = "sr-only";
  name.textContent = ` ${word("cards", card, "")}`;
  el.append(index, name);
  return el;
}

/**
 * @param {string} card
 * @param {string} [extra]
 */
function cardEl(card, extra = "") {
  const el = drawCard(document.createElement("span"), card);
  if (extra) el.classList.add(extra);
  el.title = word("cards", card, cardText(card));
  return el;
}

/**
 * Where a seat sits on the screen, from the table's geometry: the player at the bottom, the others
 * around in the order of play, clockwise or counter-clockwise as the game turns. Physical
 * coordinates (x right, y down, -1..1): the left of the screen is the left in every language.
 * @param {number} seat
 */
function spot(seat) {
  const n = view ? view.players : 4;
  const place = (seat - ME + n) % n;
  const angle = Math.PI / 2 + (2 * Math.PI * place) / n;
  const x = Math.cos(angle) * (saved && COUNTER_CLOCKWISE.has(saved.settings.game) ? -1 : 1);
  const round = (/** @type {number} */ v) => Math.round(v * 1000) / 1000; // no 1e-16 in CSS
  return { place, x: round(x), y: round(Math.sin(angle)) };
}

/** @param {number} seat */
function seatName(seat) {
  const players = view ? view.players : 4;
  if (seat === ME) return t("you");
  if (players === 2) return t("opponent");
  const { place, x } = spot(seat);
  // partners sit across in the games played in sides (their views carry a side's `contract`)
  if (players === 4 && place === 2) return t(view && "contract" in view ? "partner" : "across");
  if (players <= 4) return t(x < 0 ? "left" : "right");
  return t("seat", { n: num(seat + 1) });
}

/** Whether the game is played by two sides of partners (they score as a side: us and them). */
function inSides() {
  return Boolean(saved && (saved.settings.game === "bazar-blot" || saved.settings.game === "baloot"));
}

/** @param {number} side a team's (or in a game without sides, a seat's) name */
function sideName(side) {
  return inSides() ? t(`team.${side}`) : seatName(side);
}

/** @param {string | null | undefined} strain */
function strainText(strain) {
  if (!strain) return "";
  return strain === "NT" ? word("strains", "NT", t("strain.NT")) : SUITS[strain] ?? strain;
}

/**
 * An action as the table says it: its type in the chosen language, then its value and strain.
 * @param {Record<string, unknown>} action
 */
function actionText(action) {
  const parts = [word("actions", String(action.type), t(`type.${action.type}`))];
  if (action.capot) parts.push(word("capot", "", t("capot")));
  if (action.value !== undefined && action.value !== null) parts.push(num(action.value));
  if (typeof action.strain === "string") parts.push(strainText(action.strain));
  return parts.join(" ");
}

/** @param {unknown} contract */
function contractText(contract) {
  if (!contract || typeof contract !== "object") return "";
  const c = /** @type {Record<string, unknown>} */ (contract);
  const parts = [];
  if (typeof c.mode === "string") parts.push(word("contracts", c.mode, t(`type.${c.mode}`)));
  if (c.capot) parts.push(word("capot", "", t("capot")));
  else if (typeof c.value === "number") parts.push(num(c.value));
  // Baloot's Sun says no trumps already; a Hokum or a bid names its suit
  if (typeof c.strain === "string" && !(c.mode === "sun" && c.strain === "NT")) parts.push(strainText(c.strain));
  if (c.double && c.double !== "none" && c.double !== 1) parts.push(word("doubles", String(c.double), t(`double.${c.double}`)));
  if (typeof c.seat === "number") parts.push(`(${seatName(c.seat)})`);
  return parts.join(" ");
}

// --- settings -----------------------------------------------------------------------------------

function gameOf(/** @type {string} */ id) {
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`unknown game ${id}`);
  return game;
}

/**
 * @param {HTMLSelectElement} select
 * @param {[string, string][]} options value, label
 * @param {string} [selected]
 */
function fill(select, options, selected) {
  select.replaceChildren(
    ...options.map(([value, label]) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = label;
      option.selected = value === selected;
      return option;
    }),
  );
}

/** @param {boolean} [keep] keep what is chosen (a new language only relabels the choices) */
function settingsChanged(keep = false) {
  const game = gameOf(/** @type {HTMLSelectElement} */ ($("set-game")).value);
  const rules = game.rules;
  /** @param {string} id @param {unknown} fallback */
  const chosen = (id, fallback) => (keep ? /** @type {HTMLSelectElement} */ ($(id)).value : String(fallback));
  fill(
    /** @type {HTMLSelectElement} */ ($("set-profile")),
    rules.profiles.map((p) => [p.name, /** @type {Record<string, any>} */ (p).title || p.name]),
    chosen("set-profile", rules.default_profile),
  );
  const players = rules.options.find((o) => o.name === "players");
  $("row-players").hidden = !players;
  if (players && typeof players.minimum === "number" && typeof players.maximum === "number") {
    /** @type {[string, string][]} */
    const counts = [];
    for (let n = players.minimum; n <= players.maximum; n += 1) counts.push([String(n), num(n)]);
    fill(/** @type {HTMLSelectElement} */ ($("set-players")), counts, chosen("set-players", players.default));
  }
  const length = rules.options.find((o) => LENGTH_OPTIONS.includes(o.name));
  $("row-length").hidden = !length;
  if (length) {
    /** @type {string[]} */
    let values = (length.allowed || []).map(String).filter((v) => v !== "custom");
    if (!values.length && typeof length.default === "number") values = [String(length.default), String(length.default * 2 - 1)];
    fill(
      /** @type {HTMLSelectElement} */ ($("set-length")),
      values.map((v) => [v, digits(t(`length.${v}`) === `length.${v}` ? v : t(`length.${v}`))]),
      chosen("set-length", length.default),
    );
    $("set-length").dataset.option = length.name;
  }
  $("row-tempo").hidden = game.id !== "baloot";
}

/** @returns {Settings} */
function readSettings() {
  /** @param {string} id */
  const value = (id) => /** @type {HTMLSelectElement} */ ($(id)).value;
  const seed = params.get("seed");
  return {
    game: /** @type {GameId} */ (value("set-game")),
    profile: value("set-profile"),
    players: $("row-players").hidden ? null : Number(value("set-players")),
    lengthOption: $("row-length").hidden ? null : $("set-length").dataset.option || null,
    length: $("row-length").hidden ? null : value("set-length"),
    level: value("set-level"),
    tempo: $("row-tempo").hidden ? "off" : value("set-tempo"),
    lang: value("set-lang"),
    seed: seed === null ? null : Number(seed),
  };
}

/** The rules object of every request: the profile and the options the settings chose. */
function rulesOf(/** @type {Settings} */ s) {
  /** @type {Record<string, unknown>} */
  const rules = { profile: s.profile };
  if (s.players !== null) rules.players = s.players;
  if (s.lengthOption && s.length !== null) {
    const option = gameOf(s.game).rules.options.find((o) => o.name === s.lengthOption);
    rules[s.lengthOption] = option && option.type === "int" ? Number(s.length) : s.length;
  }
  return rules;
}

// --- the match flow -----------------------------------------------------------------------------

async function startMatch() {
  const settings = readSettings();
  await loadLanguage(settings.lang);
  saved = { settings, records: [], record: null, match: null, callsPerHand: [], callsThisHand: 0, timeouts: 0, finished: false };
  await loadWords();
  heading();
  await newHand();
}

/** Deal the next hand: its dealer and round from the match so far, as the API answered them. */
async function newHand() {
  if (!saved) return;
  const s = saved.settings;
  const before = api.calls.total;
  /** @type {Record<string, unknown>} */
  const body = { rules: rulesOf(s) };
  const index = saved.records.length;
  if (s.seed !== null) body.seed = s.seed + index;
  if (index > 0 && !saved.match) {
    // the match so far answers who deals next: ask for it if this page has not kept it
    const records = saved.records;
    saved.match = await counted(() => api.matchScore(s.game, records));
  }
  const match = /** @type {Record<string, unknown> | null} */ (saved.match);
  // no rule of the page's own: the dealer (and the schedule's round) come from matches/score
  if (match && typeof match.next_dealer === "number") body.dealer = match.next_dealer;
  if (match && typeof match.next_round === "number") body.round = match.next_round;
  const dealt = await api.deal(s.game, /** @type {import("./api.js").DealRequest} */ (body));
  refusal("");
  saved.record = /** @type {HandRecord} */ (dealt.hand);
  saved.callsThisHand = api.calls.total - before;
  store();
  await resume();
}

/** Show the current hand as the player's seat sees it, then let the bots play to the player's turn. */
async function resume() {
  if (!saved || !saved.record) return;
  $("menu").hidden = false;
  const record = saved.record;
  view = await counted(() => api.state(saved?.settings.game ?? "blob", record, ME));
  render();
  show("table"); // once drawn: a new game never shows the last one's seats and cards meanwhile
  dealing = false;
  await advance();
}

/**
 * Count a call towards this hand's figure.
 * @template R
 * @param {() => Promise<R>} call
 * @returns {Promise<R>}
 */
async function counted(call) {
  const before = api.calls.total;
  try {
    return await call();
  } finally {
    if (saved) {
      saved.callsThisHand += api.calls.total - before;
      $("calls").dataset.hand = String(saved.callsThisHand);
    }
  }
}

/** Bots' turns, each after a visible pause; stops at the player's turn or the end of the hand. */
async function advance() {
  const mine = generation;
  while (saved && saved.record && view && mine === generation) {
    if (view.to_act === null || view.to_act === undefined) {
      await handOver();
      return;
    }
    if (view.to_act === ME && !autopilot) {
      startClock();
      return;
    }
    const seat = view.to_act;
    if (seat === ME) status(t("autopilot"));
    else seatStatus("thinking", seat);
    await sleep(seat === ME ? 150 : PAUSE);
    if (mine !== generation) return;
    const played = await botMove(seat, seat === ME ? 50 : undefined);
    if (mine !== generation) return;
    await apply(played);
  }
}

/**
 * The level a seat's bot plays at: its own if the player set one at the table, else the settings'.
 * @param {number} seat
 */
function levelOf(seat) {
  return (saved && saved.settings.levels && saved.settings.levels[String(seat)]) || (saved ? saved.settings.level : "normal");
}

/**
 * A bot's move for `seat` at its level, asked and applied in one call (hands/suggest with `play`):
 * the answer's `played` holds the new record and the player's view of it. The bot sees only its
 * own seat's view; the player's view is built after it has chosen.
 * @param {number} seat
 * @param {number} [budget] ms, for the timeout move
 */
async function botMove(seat, budget) {
  if (!saved || !saved.record) throw new Error("no hand");
  const s = saved.settings;
  /** @type {import("./api.js").SuggestRequest} */
  const body = /** @type {import("./api.js").SuggestRequest} */ ({
    hand: saved.record,
    seat,
    level: levelOf(seat),
    seed: (s.seed ?? 0) + (saved.record.actions || []).length,
  });
  if (budget !== undefined) body.budget_ms = budget;
  const answer = await counted(() => api.suggestAndPlay(s.game, body, [ME]));
  return /** @type {import("./api.js").PlayResult} */ (answer.played);
}

/**
 * Take a move the API applied (a bot's, or the timeout move): the record it answered, with the
 * action appended, and the player's view of it (`views`, asked for the player's seat only).
 * @param {import("./api.js").PlayResult} played
 */
async function apply(played) {
  if (!saved || !saved.record) return;
  const action = /** @type {Action} */ (played.action);
  if (action.seat === ME) refusal(""); // the timeout move: a refused card's reason is over
  const before = tricksOf(view);
  view = /** @type {View} */ ((played.views || [])[0]);
  saved.record = /** @type {HandRecord} */ (played.hand);
  store();
  await showTrickDone(before);
}

/** @param {View | null} v the tricks a view has completed */
function tricksOf(v) {
  return v ? (/** @type {Record<string, any>} */ (v).tricks || []).length : 0;
}

/**
 * Draw the new view; when it completed a trick, the trick stays where it was played, its winner
 * marked, for HOLD ms before the table clears it (the fourth card is seen).
 * @param {number} before the tricks completed before the action
 */
async function showTrickDone(before) {
  const completed = tricksOf(view) > before ? /** @type {Record<string, any>} */ (view).tricks.at(-1) : null;
  if (!completed || HOLD === 0) {
    held = null;
    render();
    return;
  }
  held = completed;
  holding = true;
  render();
  await sleep(HOLD);
  holding = false;
  held = null;
  render();
}

/**
 * The player's own action: hands/play for the player's seat. A 422 (an illegal card) shakes the
 * card and the status line gives the API's reason, in the chosen language.
 * @param {Action} action
 * @param {HTMLElement} [el]
 */
async function playMine(action, el) {
  if (!saved || !saved.record || !view || busy || holding || view.to_act !== ME) return;
  busy = true;
  stopClock();
  const record = saved.record;
  try {
    const answer = await counted(() => api.play(saved?.settings.game ?? "blob", record, action, ME));
    saved.record = /** @type {HandRecord} */ ({ ...record, actions: [...(record.actions || []), answer.action] });
    const before = tricksOf(view);
    view = /** @type {View} */ (answer.state);
    saved.timeouts = 0; // the player played: the count of timeouts in a row starts again
    store();
    refusal("");
    await showTrickDone(before);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    const problem = error.problem;
    // one line by the hand: the API's sentence (its detail names the rule and the card)
    refusal(problem.detail || problem.title, problem.code);
    if (el) {
      el.classList.remove("shake");
      void el.offsetWidth; // restart the animation
      el.classList.add("shake");
    }
    startClock();
    return;
  } finally {
    busy = false;
  }
  await advance();
}

/** The hand is over: its score sheet from hands/score, the match so far from matches/score. */
async function handOver() {
  if (!saved || !saved.record) return;
  stopClock();
  const s = saved.settings;
  const record = saved.record;
  const score = await counted(() => api.score(s.game, record));
  const records = [...saved.records, record];
  const match = await counted(() => api.matchScore(s.game, records));
  saved.records = records;
  saved.record = null;
  saved.match = match;
  saved.callsPerHand.push(saved.callsThisHand);
  saved.finished = Boolean(match.finished);
  store();
  renderChips();
  renderSheet(score);
  show("sheet");
  $("next").textContent = saved.finished ? t("result") : t("next_hand");
  status(t("hand_over"));
  $("next").focus();
}

function next() {
  if (!saved) return;
  if (saved.finished) {
    renderResult();
    show("result");
    $("menu").hidden = true; // the match is over: New match is the way on, nothing to leave
    // the hand's words are over: the result screen says only the match's
    status("");
    for (const chip of ["chip-contract", "chip-points"]) $(chip).textContent = "";
    $("new-match").focus();
    return;
  }
  if (dealing) return;
  dealing = true;
  newHand().catch((error) => {
    dealing = false;
    failed(error);
  });
}

function leave() {
  generation += 1;
  stopClock();
  saved = null;
  view = null;
  held = null;
  autopilot = false;
  store();
  openSettings();
}

// --- the seat clock (Baloot) and the timeout move -------------------------------------------------

function startClock() {
  stopClock();
  if (!saved || !view) return;
  if (!$("refusal").textContent) status(t("your_turn"));
  const tempo = TEMPOS[saved.settings.tempo];
  if (!tempo && !CLOCK_OVERRIDE) return;
  const calling = !(view.legal_actions || []).some((a) => a.type === "play");
  const total = CLOCK_OVERRIDE || (tempo ? (calling ? tempo.call : tempo.card) : 0);
  let left = total;
  const low = Math.max(1, Math.min(10, Math.ceil(total / 4))); // the last quarter, at most 10 s
  let warned = false;
  const tick = () => {
    const clock = document.getElementById("clock");
    if (!clock) return;
    clock.hidden = false;
    clock.querySelector(".time")?.replaceChildren(seconds.format(Math.max(0, left)));
    /** @type {HTMLElement | null} */ (clock.querySelector(".bar"))?.style.setProperty("--left", String(left / total));
    clock.classList.toggle("low", left <= low);
    if (left <= low && !warned) {
      warned = true;
      status(t("time_low", { time: seconds.format(left) }));
    }
    if (left <= 0) {
      stopClock();
      timeout().catch(failed);
      return;
    }
    left -= 1;
  };
  tick();
  clockTimer = window.setInterval(tick, 1000);
}

function stopClock() {
  if (clockTimer !== undefined) window.clearInterval(clockTimer);
  clockTimer = undefined;
  const clock = document.getElementById("clock");
  if (clock) {
    clock.hidden = true;
    clock.classList.remove("low");
  }
}

/** Time ran out: the table plays the API's timeout move (hands/suggest with a small budget). */
async function timeout() {
  if (!saved || !view || view.to_act !== ME || busy) return;
  busy = true;
  try {
    saved.timeouts += 1;
    status(t("timed_out"));
    const played = await botMove(ME, 50);
    await apply(played);
  } finally {
    busy = false;
  }
  if (saved.timeouts >= 3) {
    autopilot = true; // three in a row: the table keeps playing the seat until Take over
    $("autopilot").hidden = false;
    $("take-over").focus(); // the seat's own controls are gone: the one way back has the focus
  }
  await advance();
}

// --- drawing ------------------------------------------------------------------------------------

/**
 * A refused card's reason, one line by the hand (empty: none).
 * @param {string} text
 * @param {string} [code]
 */
function refusal(text, code = "") {
  $("refusal").textContent = text;
  $("refusal").dataset.code = code;
}

/**
 * What had the focus before a redraw, as a selector that finds its successor after it.
 * @returns {string | null}
 */
function focusKey() {
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!el || el === document.body) return null;
  if (el.id) return `#${el.id}`;
  if (el.dataset.card && el.closest("#hand")) return `#hand [data-card="${el.dataset.card}"]`;
  if (el.dataset.action) return `#calls-panel [data-action='${el.dataset.action}']`;
  if (el.dataset.strain) return `#calls-panel [data-strain="${el.dataset.strain}"]`;
  if (el.dataset.step) return `#calls-panel [data-step="${el.dataset.step}"]`;
  if (el.dataset.level) return `select[data-level="${el.dataset.level}"]`;
  return null;
}

/**
 * Give the focus back after a redraw: to the same control, or within the hand to its first
 * playable card, or within the calling panel to its first call.
 * @param {string | null} key
 */
function restoreFocus(key) {
  if (!key || document.activeElement !== document.body) return;
  const same = /** @type {HTMLElement | null} */ (document.querySelector(key));
  if (same && !same.hidden) {
    same.focus();
    return;
  }
  const area = key.startsWith("#hand") ? "#hand" : key.startsWith("#calls-panel") ? "#calls-panel" : null;
  if (!area) return;
  const next = /** @type {HTMLElement | null} */ (document.querySelector(`${area} [tabindex="0"], ${area} button`));
  if (next) next.focus();
  else $("hand").querySelector("button")?.focus();
}

/**
 * The live count of a seat: tricks won against the bid (the Oh Hell family).
 * @param {Record<string, any>} v
 * @param {number} seat
 */
function trickCount(v, seat) {
  if (inSides() || v.players === 2 && "contract" in v) return "";
  const won = (v.tricks_won || [])[seat];
  if (typeof won !== "number") return "";
  const bid = [...(v.bids || [])].reverse().find((b) => b.seat === seat && typeof b.value === "number");
  return bid ? `${num(won)}/${num(bid.value)}` : num(won);
}

/**
 * A seat's total of the match so far in a game without sides, once a hand is scored.
 * @param {number} seat
 * @returns {number | null}
 */
function seatTotal(seat) {
  const totals = saved && saved.match ? saved.match.totals : null;
  if (inSides() || !Array.isArray(totals) || typeof totals[seat] !== "number") return null;
  return totals[seat];
}

/**
 * The card points each side (or each player of the duel) has taken so far: the tricks' points
 * as the view gives them (the Belote family).
 * @param {Record<string, any>} v
 */
function cardPoints(v) {
  if (!("contract" in v) || (v.phase !== "play" && !(v.tricks || []).length)) return null;
  const sides = inSides() ? 2 : v.players;
  const points = Array(sides).fill(0);
  for (const trick of v.tricks || []) {
    if (typeof trick.winner === "number" && typeof trick.points === "number") points[trick.winner % sides] += trick.points;
  }
  return points;
}

function render() {
  if (!view || !saved) return;
  const focus = focusKey();
  const v = /** @type {Record<string, any>} */ (view);
  const calling = CALLING_PHASES.has(String(v.phase));
  const seats = $("seats");
  seats.className = `players-${view.players}`;
  seats.replaceChildren();
  for (let i = 1; i < view.players; i += 1) seats.append(seatEl((ME + i) % view.players, v, calling));
  $("me").replaceChildren(...seatEl(ME, v, calling).childNodes);
  $("me").classList.toggle("to-act", view.to_act === ME);

  const turned = $("turned");
  turned.replaceChildren();
  if (v.turned && !(v.tricks || []).length && !(v.current_trick && v.current_trick.cards.length)) {
    const label = document.createElement("span");
    label.textContent = word("terms", "turned", t("turned"));
    turned.append(label, cardEl(v.turned));
  }
  renderTrick(v);
  renderCallsPanel();
  renderHand();
  renderChips();
  const last = (v.tricks || []).at(-1);
  $("last-trick").toggleAttribute("disabled", !last);
  if (!last) {
    showingLast = false;
    $("last-trick").setAttribute("aria-expanded", "false");
  }
  $("autopilot").hidden = !autopilot;
  if (view.to_act !== null && view.to_act !== undefined && !$("refusal").textContent) {
    if (view.to_act === ME) status(t("your_turn"));
    else seatStatus("to_act", view.to_act);
  }
  restoreFocus(focus);
}

let showingLast = false; // the last trick shown in the centre (the Last trick button)

/**
 * The centre of the table: the cards of the trick in play, each in front of the seat that played
 * it; a completed trick (held a moment, or the last one asked for) with its winner marked.
 * @param {Record<string, any>} v
 */
function renderTrick(v) {
  const trick = $("trick");
  const note = $("trick-note");
  const last = (v.tricks || []).at(-1);
  const shown = held ?? (showingLast && last ? last : null);
  const cards = shown ? shown.cards : (v.current_trick && v.current_trick.cards) || [];
  trick.replaceChildren(...cards.map((/** @type {any} */ p) => trickCard(p.seat, p.card, shown && p.seat === shown.winner)));
  trick.classList.toggle("done", Boolean(shown));
  trick.classList.toggle("last", Boolean(!held && shown));
  // the player's own win in the second person ("You take the trick", not "You takes")
  const won = shown && typeof shown.winner === "number" ? shown.winner : null;
  note.textContent = won === null ? "" : won === ME ? t("won_by_you") : t("won_by", { name: seatName(won) });
}

/**
 * A seat around the table (or the player's own line): its name, the dealer, its cards left, its
 * live count, its bot's level, its last call while the calling lasts, its combinations.
 * @param {number} seat
 * @param {Record<string, any>} v
 * @param {boolean} calling
 */
function seatEl(seat, v, calling) {
  const el = document.createElement("div");
  const { place, x, y } = spot(seat);
  el.className = `seat place-${place}${v.to_act === seat ? " to-act" : ""}`;
  el.dataset.seat = String(seat);
  el.style.setProperty("--x", String(x));
  el.style.setProperty("--y", String(y));
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = seatName(seat);
  el.append(name);
  if (v.dealer === seat) {
    const dealer = document.createElement("span");
    dealer.className = "dealer";
    dealer.textContent = word("terms", "dealer", t("dealer"));
    el.append(dealer);
  }
  const total = seatTotal(seat);
  if (total !== null) {
    // shown on a phone only, where the bar's score (every seat named) is left to screen readers
    const score = document.createElement("span");
    score.className = "total";
    score.setAttribute("aria-hidden", "true");
    score.textContent = `${t("score")} ${num(total)}`;
    el.append(score);
  }
  const count = trickCount(v, seat);
  if (count) {
    const tricks = document.createElement("span");
    tricks.className = "tricks";
    tricks.dataset.count = count;
    tricks.title = t("tricks_vs_bid");
    tricks.textContent = count;
    el.append(tricks);
  }
  if (seat !== ME) {
    const left = document.createElement("span");
    left.className = "count";
    // a phone shows the number beside a card's back (data-n), the words kept for screen readers
    const n = num((v.hand_counts || [])[seat] ?? 0);
    left.dataset.n = n;
    left.title = t("cards", { n });
    const words = document.createElement("span");
    words.className = "words";
    words.textContent = t("cards", { n });
    left.append(words);
    el.append(left);
    el.append(levelSelect(seat));
  } else {
    const clock = document.createElement("span");
    clock.id = "clock";
    clock.className = "clock";
    clock.setAttribute("role", "timer");
    clock.hidden = clockTimer === undefined;
    const bar = document.createElement("span");
    bar.className = "bar";
    const time = document.createElement("span");
    time.className = "time";
    clock.append(bar, time);
    el.append(clock);
  }
  // each seat's last call, while the calling lasts
  const said = calling ? [...(v.bids || [])].reverse().find((b) => b.seat === seat) : null;
  if (said) {
    const b = document.createElement("span");
    b.className = "bubble";
    b.textContent = actionText(said);
    el.append(b);
  }
  // combinations and projects, once, with their cards when they are shown
  for (const item of combinations(v).filter((i) => i.seat === seat)) {
    const line = document.createElement("span");
    line.className = "combo";
    const what = item.name ?? item.kind ?? item.type ?? "";
    line.append(`${word("combinations", what, t(`combo.${what}`))}${typeof item.points === "number" ? ` ${num(item.points)}` : ""}`);
    for (const card of item.cards || []) line.append(cardEl(card, "small"));
    el.append(line);
  }
  return el;
}

/**
 * Every combination or project once: a declaration (shown with its cards) under the name its seat
 * announced it by (a run announced as a terz is still a terz when its cards are shown), then the
 * announcements not declared (yet).
 * @param {Record<string, any>} v
 * @returns {Record<string, any>[]}
 */
function combinations(v) {
  const left = /** @type {any[]} */ ([...(v.announcements || [])]);
  /** @param {any} a @param {any} d */
  const same = (a, d) => a.seat === d.seat && (a.kind ?? a.name) === (d.kind ?? d.name);
  const declared = /** @type {any[]} */ (v.declarations || []).map((d) => {
    let i = left.findIndex((a) => same(a, d) && a.points === d.points);
    if (i < 0) i = left.findIndex((a) => same(a, d));
    const announced = i < 0 ? null : left.splice(i, 1)[0];
    return announced && announced.name ? { ...d, name: announced.name } : d;
  });
  return [...declared, ...left.filter((a) => !declared.some((d) => same(a, d)))];
}

/**
 * The bot level of one seat, changed at the table (the settings' level until then).
 * @param {number} seat
 */
function levelSelect(seat) {
  const select = document.createElement("select");
  select.className = "level";
  select.dataset.level = String(seat);
  select.setAttribute("aria-label", `${t("level")}: ${seatName(seat)}`);
  fill(
    select,
    ["easy", "normal", "hard", "crazy"].map((l) => [l, word("levels", l, t(`level.${l}`))]),
    levelOf(seat),
  );
  select.addEventListener("change", () => {
    if (!saved) return;
    saved.settings.levels = { ...(saved.settings.levels || {}), [String(seat)]: select.value };
    store();
  });
  return select;
}

/**
 * A card of the trick, in front of the seat that played it.
 * @param {number} seat
 * @param {string} card
 * @param {boolean | null} [winner]
 */
function trickCard(seat, card, winner = false) {
  const el = cardEl(card);
  const { x, y } = spot(seat);
  el.dataset.seat = String(seat);
  el.title = `${seatName(seat)}: ${word("cards", card, cardText(card))}`;
  el.style.setProperty("--x", String(x));
  el.style.setProperty("--y", String(y));
  if (winner) el.classList.add("winner");
  return el;
}

/** The calling panel: one control per legal call the API offered, grouped the table's way. */
function renderCallsPanel() {
  const panel = $("calls-panel");
  panel.replaceChildren();
  if (!view || view.to_act !== ME) {
    panel.hidden = true;
    return;
  }
  const calls = /** @type {Record<string, any>[]} */ ((view.legal_actions || []).filter((a) => a.type !== "play"));
  panel.hidden = calls.length === 0;
  if (!calls.length) return;
  // A bid with both a number and a strain (the bazar): pick a strain, set the number, press BID.
  const pairs = calls.filter((a) => a.type === "bid" && typeof a.strain === "string");
  if (pairs.length) panel.append(bazarBid(/** @type {Action[]} */ (/** @type {unknown} */ (pairs))));
  const row = document.createElement("div");
  row.className = "call-row";
  for (const action of calls) {
    if (action.type === "bid" && typeof action.strain === "string") continue;
    row.append(callButton(/** @type {Action} */ (/** @type {unknown} */ (action)), actionText(action)));
  }
  panel.append(row);
  const missing = missingBid(calls);
  if (missing !== null) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = t("bid_forbidden", { n: num(missing) });
    panel.append(note);
  }
}

/**
 * The dealer's forbidden bid (the Oh Hell family): the one number from 0 to the hand's size that
 * the API did not offer the dealer.
 * @param {Record<string, any>[]} calls
 */
function missingBid(calls) {
  const v = /** @type {Record<string, any> | null} */ (view);
  if (!v || v.dealer !== ME || typeof v.hand_size !== "number") return null;
  const values = new Set(calls.filter((a) => a.type === "bid" && a.strain === undefined).map((a) => a.value));
  if (!values.size) return null;
  for (let n = 0; n <= v.hand_size; n += 1) if (!values.has(n)) return n;
  return null;
}

/**
 * @param {Action} action
 * @param {string} label
 */
function callButton(action, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "call";
  button.textContent = label;
  button.dataset.action = JSON.stringify(action);
  button.dataset.type = action.type;
  button.addEventListener("click", () => playMine(action).catch(failed));
  return button;
}

/**
 * Strain buttons, a number with minus and plus, and BID: only the pairs the API offered.
 * @param {Action[]} bids
 */
function bazarBid(bids) {
  const box = document.createElement("div");
  box.className = "bazar";
  const offered = /** @type {Record<string, any>[]} */ (/** @type {unknown} */ (bids));
  const strains = [...new Set(offered.map((b) => String(b.strain)))];
  let strain = strains[0];
  let index = 0;
  const strainRow = document.createElement("div");
  strainRow.className = "call-row";
  const number = document.createElement("output");
  number.className = "bid-value";
  const minus = document.createElement("button");
  const plus = document.createElement("button");
  minus.type = plus.type = "button";
  // the sign shown, then its name for a screen reader: the name contains what is shown
  minus.append("−", srOnly(` ${t("minus")}`));
  plus.append("+", srOnly(` ${t("plus")}`));
  minus.dataset.step = "minus";
  plus.dataset.step = "plus";
  const bid = document.createElement("button");
  bid.type = "button";
  bid.className = "call primary";
  bid.dataset.type = "bid";
  // the button sends the pair it shows
  const update = () => {
    const options = offered.filter((b) => b.strain === strain);
    index = Math.max(0, Math.min(index, options.length - 1));
    const chosen = options[index];
    number.textContent = chosen.capot ? word("capot", "", t("capot")) : num(chosen.value);
    bid.dataset.action = JSON.stringify(chosen);
    bid.textContent = actionText(chosen);
    for (const b of strainRow.children) b.classList.toggle("chosen", /** @type {HTMLElement} */ (b).dataset.strain === strain);
  };
  for (const s of strains) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = strainText(s);
    b.dataset.strain = s;
    b.addEventListener("click", () => {
      strain = s;
      update();
    });
    strainRow.append(b);
  }
  minus.addEventListener("click", () => {
    index -= 1;
    update();
  });
  plus.addEventListener("click", () => {
    index += 1;
    update();
  });
  bid.addEventListener("click", () => {
    const action = /** @type {Action} */ (JSON.parse(bid.dataset.action || "{}"));
    playMine(action).catch(failed);
  });
  const numberRow = document.createElement("div");
  numberRow.className = "call-row";
  numberRow.append(minus, number, plus, bid);
  box.append(strainRow, numberRow);
  update();
  return box;
}

/** The player's cards: the playable ones (the API's legal actions) lifted; every one is a button. */

/** @param {string} text words for a screen reader only */
function srOnly(text) {
  const el = document.createElement("span");
  el.className = "sr-only";
  el.textContent = text;
  return el;
}

/**
 * The hand in the glossary's order for the contract's strain: its suits left to right (trumps
 * first, colours alternating), each suit's ranks high to low (the trump suit's own order).
 * @param {string[]} cards
 * @param {Record<string, any>} v
 */
function sortHand(cards, v) {
  // while the calling lasts the highest bid is not a contract yet: the hand keeps still (NT, or
  // the trump the deal turned) instead of jumping at every bid
  const settled = !CALLING_PHASES.has(String(v.phase)) || v.phase === "doubling";
  const strain =
    settled && v.contract && typeof v.contract.strain === "string" ? v.contract.strain : typeof v.trump === "string" ? v.trump : null;
  const order = handOrder(strain);
  if (!order) return cards;
  /** @param {string} card */
  const key = (card) => {
    const suit = card.slice(-1);
    const rank = card.slice(0, -1);
    const ranks = suit === strain && order.trump_ranks ? order.trump_ranks : order.ranks;
    return order.suits.indexOf(suit) * 100 + ranks.indexOf(rank);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** The player's cards: the playable ones (the API's legal actions) lifted; every one is a button. */
function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  if (!view) return;
  const v = /** @type {Record<string, any>} */ (view);
  const cards = sortHand((view.hands && view.hands[ME]) || [], v);
  const legal = new Set(
    (view.legal_actions || []).flatMap((a) => (a.type === "play" && view?.to_act === ME ? [/** @type {any} */ (a).card] : [])),
  );
  hand.style.setProperty("--n", String(Math.max(cards.length, 1)));
  hand.setAttribute("aria-label", t("your_cards"));
  for (const card of cards) {
    const button = document.createElement("button");
    button.type = "button";
    drawCard(button, card);
    if (legal.has(card)) button.classList.add("legal");
    button.tabIndex = -1;
    button.addEventListener("click", () => {
      /** @type {Action} */
      const action = { seat: ME, type: "play", card };
      playMine(action, button).catch(failed);
    });
    hand.append(button);
  }
  const first = /** @type {HTMLElement | null} */ (hand.querySelector(".legal") || hand.firstElementChild);
  if (first) first.tabIndex = 0;
}

function renderChips() {
  if (!saved) return;
  const match = /** @type {Record<string, any> | null} */ (saved.match);
  const totals = match ? match.totals : null;
  // "Score: We 4 · They 24"; a phone shows the totals alone (screen readers: in full), a game
  // without sides each seat's beside its name, and nothing before the first hand is scored
  const score = $("chip-score");
  const label = document.createElement("span");
  label.className = "label";
  label.textContent = `${t("score")}: `;
  const sum = document.createElement("span");
  sum.className = "totals";
  sum.textContent = totals ? totalsText(totals) : "—";
  score.replaceChildren(label, sum);
  score.classList.toggle("none", !totals);
  score.classList.toggle("seats", !inSides());
  const v = /** @type {Record<string, any> | null} */ (view);
  let contract = "";
  if (v && v.contract) contract = `${t("contract")}: ${contractText(v.contract)}`;
  else if (v && "trump" in v) contract = `${t("trump")}: ${v.trump ? strainText(v.trump) : "—"}`;
  $("chip-contract").textContent = contract;
  const points = v ? cardPoints(v) : null;
  const chip = $("chip-points");
  chip.textContent = "";
  if (points) {
    // "Card points" in full where the bar has room, "Points" on a phone (screen readers: in full)
    const long = document.createElement("span");
    long.className = "long";
    long.textContent = t("col.card_points");
    const short = document.createElement("span");
    short.className = "short";
    short.setAttribute("aria-hidden", "true");
    short.textContent = t("points");
    chip.append(long, short, `: ${points.map((p, i) => `${sideName(i)} ${num(p)}`).join(" · ")}`);
  }
}

/** @param {number[]} totals */
function totalsText(totals) {
  return totals.map((n, i) => `${sideName(i)} ${num(n)}`).join(" · ");
}

/**
 * The ruling that decided the hand, in one line (the Belote family): how a doubled hand or a
 * failed contract is scored, or the deal that ended the match.
 * @param {Record<string, any>} s
 */
function ruling(s) {
  if (s.match_ending && s.match_ending.reason) return word("match_endings", s.match_ending.reason, s.match_ending.reason);
  if (!("contract" in s)) return "";
  const c = s.contract;
  if (!c) return t("no_contract");
  if (c.double && c.double !== "none" && c.double !== 1 && c.double !== "1") {
    return t("ruling.doubled", { double: word("doubles", String(c.double), t(`double.${c.double}`)) });
  }
  if (s.made === false) return t("ruling.failed");
  if (s.made === true) return t("ruling.made");
  return "";
}

/**
 * The sheet the rule books describe, from hands/score: compact (each side's points this hand and
 * the totals of matches/score, under the sides' names), the ruling that decided it in one line,
 * and the breakdown of hands/score behind "details".
 * @param {Score} score
 */
function renderSheet(score) {
  const body = $("sheet-body");
  body.replaceChildren();
  const s = /** @type {Record<string, any>} */ (score);
  const rows = /** @type {Record<string, unknown>[]} */ (s.breakdown || []);
  const match = /** @type {Record<string, any> | null} */ (saved?.match ?? null);
  const scores = /** @type {number[]} */ (s.scores || []);
  const sides = scores.map((_, i) => i);

  const compact = document.createElement("table");
  compact.className = "sheet compact";
  compact.append(headRow(["", ...sides.map(sideName)]));
  /** @param {string} key @param {string} label @param {unknown[]} values */
  const line = (key, label, values) => {
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    tr.append(th(label, "row"), ...values.map((value) => td(value)));
    compact.append(tr);
  };
  if (!inSides() && rows.some((r) => "bid" in r) && !("contract" in s)) {
    line("bid", t("col.bid"), rows.map((r) => r.bid));
    line("tricks", t("col.tricks"), rows.map((r) => r.tricks));
  } else if (s.summary && Array.isArray(s.summary.card_points)) {
    line("card_points", t("col.card_points"), s.summary.card_points);
  }
  line("hand", t("hand_scores"), scores);
  if (match) line("totals", t("totals"), match.totals || []);
  body.append(scrolls(compact));

  const decided = ruling(s);
  if (decided) {
    const p = document.createElement("p");
    p.className = "ruling";
    p.textContent = decided;
    body.append(p);
  }

  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("details");
  details.append(summary);
  const table = document.createElement("table");
  table.className = "sheet";
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== "team" && k !== "seat");
  table.append(headRow(["", ...rows.map((row) => (typeof row.team === "number" ? sideName(row.team) : seatName(Number(row.seat))))]));
  for (const key of keys) {
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    tr.append(th(t(`col.${key}`), "row"));
    for (const row of rows) tr.append(td(row[key]));
    table.append(tr);
  }
  details.append(scrolls(table));
  const facts = document.createElement("dl");
  /** @param {string} key @param {string} value */
  const fact = (key, value) => {
    const dt = document.createElement("dt");
    dt.textContent = t(key);
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.key = key;
    facts.append(dt, dd);
  };
  if ("contract" in s) fact("contract", s.contract ? contractText(s.contract) : t("no_contract"));
  if ("made" in s && s.made !== null) fact("made", s.made ? t("yes") : t("no"));
  const tricks = /** @type {any[]} */ (/** @type {any} */ (view)?.tricks || []);
  const last = tricks.at(-1);
  if (last && typeof last.winner === "number") fact("last_trick", seatName(last.winner));
  details.append(facts);
  body.append(details);
}

/**
 * A table in a box that scrolls sideways on its own when its columns outgrow a phone (seven
 * players), so the page never does.
 * @param {HTMLElement} table
 */
function scrolls(table) {
  const box = document.createElement("div");
  box.className = "scroll";
  box.append(table);
  return box;
}

/** @param {string[]} labels a row of column headers */
function headRow(labels) {
  const tr = document.createElement("tr");
  tr.append(...labels.map((label) => th(label, "col")));
  return tr;
}

/**
 * @param {string} text
 * @param {string} [scope]
 */
function th(text, scope) {
  const el = document.createElement("th");
  el.textContent = text;
  if (scope && text) el.scope = scope;
  return el;
}

/** @param {unknown} value */
function td(value) {
  const el = document.createElement("td");
  el.textContent = value === true ? t("yes") : value === false ? t("no") : value === null || value === undefined ? "—" : num(value);
  return el;
}

/** The end of the match, from matches/score: the winner, the totals and every deal under its headers (each
 * side's running total with what the deal scored). */
function renderResult() {
  const body = $("result-body");
  body.replaceChildren();
  const match = /** @type {Record<string, any> | null} */ (saved?.match ?? null);
  if (!match) return;
  const winner = document.createElement("p");
  winner.className = "winner";
  const w = match.winner;
  // a sentence for the player's own side ("We win the match"), not "Winner: Us"
  let said = t("draw");
  if (typeof w === "number" && inSides()) said = w === 0 ? t("winner_us") : t("winner_them");
  else if (w === ME) said = t("winner_you");
  else if (w !== null && w !== undefined) said = t("winner", { name: typeof w === "number" ? sideName(w) : String(w) });
  winner.textContent = said;
  body.append(winner);
  const totals = /** @type {number[]} */ (match.totals || []);
  const table = document.createElement("table");
  table.className = "sheet";
  const deals = /** @type {Record<string, any>[]} */ (match.deals || match.rounds || []);
  // the Oh Hell family has no contract: its deals are told by their trump
  const told = deals.some((d) => "contract" in d) ? t("contract") : t("trump");
  table.append(headRow([t("deal"), told, ...totals.map((_, i) => sideName(i))]));
  for (const deal of deals) {
    const tr = document.createElement("tr");
    const made = deal.made === undefined || Array.isArray(deal.made) ? "" : deal.made ? " ✓" : " ✗";
    tr.append(th(num(deal.deal ?? deal.round), "row"));
    tr.append(td(`${deal.contract ? contractText(deal.contract) : deal.trump ? strainText(deal.trump) : deal.contract === null ? t("no_contract") : "—"}${made}`));
    // each side's running total, and under it what this deal scored (+12)
    const scores = /** @type {number[]} */ (deal.scores || []);
    tr.append(
      ...(deal.totals || []).map((/** @type {number} */ n, /** @type {number} */ i) => {
        const cell = td(n);
        const gain = document.createElement("small");
        gain.className = "gain";
        gain.textContent = typeof scores[i] === "number" ? gains.format(scores[i]) : "";
        cell.append(" ", gain);
        return cell;
      }),
    );
    table.append(tr);
  }
  const foot = document.createElement("tr");
  foot.dataset.key = "totals";
  foot.append(th(t("totals"), "row"), td(""), ...totals.map((n) => td(n)));
  table.append(foot);
  body.append(scrolls(table));
  saved = null;
  store();
}


// --- keyboard: arrows move along the hand, Enter or Space plays ------------------------------------

/** @param {KeyboardEvent} event */
function onKey(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (!target.closest || !target.closest("#hand")) return;
  const cards = /** @type {HTMLElement[]} */ ([...$("hand").children]);
  const i = cards.indexOf(target);
  if (i < 0) return;
  const rtl = document.documentElement.dir === "rtl";
  let j = i;
  if (event.key === "ArrowRight") j = rtl ? i - 1 : i + 1;
  else if (event.key === "ArrowLeft") j = rtl ? i + 1 : i - 1;
  else if (event.key === "Home") j = 0;
  else if (event.key === "End") j = cards.length - 1;
  else return;
  event.preventDefault();
  j = (j + cards.length) % cards.length;
  cards[i].tabIndex = -1;
  cards[j].tabIndex = 0;
  cards[j].focus();
}

// --- start --------------------------------------------------------------------------------------

/** @param {unknown} error */
function failed(error) {
  const text = error instanceof api.ApiError ? error.problem.detail || error.problem.title : String(error);
  status(text);
  console.error(error);
}

function openSettings() {
  show("settings");
  $("menu").hidden = true;
  for (const chip of ["chip-score", "chip-contract", "chip-points"]) $(chip).textContent = "";
  $("autopilot").hidden = true;
  refusal("");
  heading();
  status(t("choose"));
}

/** The catalog in the chosen language: the games' and profiles' names as players read them. */
async function loadCatalog() {
  const select = /** @type {HTMLSelectElement} */ ($("set-game"));
  games = await api.catalog();
  const chosen = select.value || params.get("game") || "";
  fill(
    select,
    games.map((g) => [g.id, g.name]),
    games.some((g) => g.id === chosen) ? chosen : games[0]?.id,
  );
}

async function main() {
  /** @type {Saved | null} */
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch {
    stored = null;
  }
  const lang = stored?.settings.lang ?? params.get("lang") ?? (navigator.language || "en").slice(0, 2);
  /** @type {HTMLSelectElement} */ ($("set-lang")).value = LANGS.includes(lang) ? lang : "en";
  await loadLanguage(lang);
  await loadCatalog();
  settingsChanged();
  $("settings").dataset.lang = /** @type {HTMLSelectElement} */ ($("set-lang")).value;
  $("set-game").addEventListener("change", () => settingsChanged());
  $("set-lang").addEventListener("change", () => {
    const code = /** @type {HTMLSelectElement} */ ($("set-lang")).value;
    loadLanguage(code)
      .then(loadCatalog)
      .then(() => {
        settingsChanged(true);
        status(t("choose"));
        $("settings").dataset.lang = code; // relabelled: the settings are ready in that language
      })
      .catch(failed);
  });
  $("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    if (dealing) return;
    dealing = true;
    startMatch().catch((error) => {
      dealing = false;
      failed(error);
    });
  });
  $("next").addEventListener("click", next);
  $("new-match").addEventListener("click", leave);
  const dialog = /** @type {HTMLDialogElement} */ ($("leave-dialog"));
  $("menu").addEventListener("click", () => dialog.showModal());
  $("leave-no").addEventListener("click", () => dialog.close());
  $("leave-yes").addEventListener("click", () => {
    dialog.close();
    leave();
  });
  $("last-trick").addEventListener("click", () => {
    showingLast = !showingLast;
    $("last-trick").setAttribute("aria-expanded", String(showingLast));
    if (view) renderTrick(/** @type {Record<string, any>} */ (view));
  });
  $("take-over").addEventListener("click", () => {
    autopilot = false;
    if (saved) saved.timeouts = 0;
    $("autopilot").hidden = true;
    generation += 1;
    // back at the seat: the focus to its first call or playable card (Take over is hidden now)
    resume()
      .then(() => {
        const first = /** @type {HTMLElement | null} */ (document.querySelector('#calls-panel:not([hidden]) button, #hand [tabindex="0"]'));
        first?.focus();
      })
      .catch(failed);
  });
  document.addEventListener("keydown", onKey);
  if (stored && !stored.finished && (stored.record || stored.records.length)) {
    saved = stored;
    status(t("resumed"));
    await loadWords();
    heading();
    if (stored.record) await resume();
    else await newHand(); // between two hands: the sheet was shown, deal the next one
    return;
  }
  openSettings();
}

main().catch(failed);
