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
 *   length: string | null, level: string, tempo: string, lang: string, seed: number | null }} Settings
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
// The Baloot rule book, "At the table": seconds per card and per call at each tempo.
const TEMPOS = /** @type {Record<string, { card: number, call: number }>} */ ({
  relaxed: { card: 60, call: 75 },
  normal: { card: 30, call: 40 },
  fast: { card: 15, call: 25 },
});
const LENGTH_OPTIONS = ["target", "match", "schedule"]; // what "match length" is in each game's rules
const params = new URLSearchParams(location.search);
// A visible pause before each bot move (ms); ?pause= shortens it for demos and tests.
const PAUSE = Math.max(0, Math.min(5000, Number(params.get("pause") ?? 700) || 0));
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

/** Load the glossary of the match's game in the match's language. */
async function loadWords() {
  words = saved ? /** @type {Record<string, any>} */ (await api.glossary(saved.settings.game)) : null;
}
/** @type {Saved | null} */
let saved = null;
/** @type {View | null} */
let view = null;
let busy = false; // an action of the player's is in flight
let generation = 0; // bumped when a match is left: stale bot loops stop
/** @type {number | undefined} */
let clockTimer;
let autopilot = false;

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
  document.documentElement.lang = code;
  document.documentElement.dir = RTL.has(code) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) {
    const key = /** @type {HTMLElement} */ (el).dataset.t || "";
    if (T[key]) el.textContent = T[key];
  }
  document.title = t("title");
}

function store() {
  if (saved) localStorage.setItem(STORE, JSON.stringify(saved));
  else localStorage.removeItem(STORE);
}

/** @param {string} text */
function status(text) {
  $("status").textContent = text;
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
 * @param {string} card
 * @param {string} [extra]
 */
function cardEl(card, extra = "") {
  const el = document.createElement("span");
  const suit = card.slice(-1);
  el.className = `card ${suit === "H" || suit === "D" ? "red" : "black"} ${extra}`;
  el.textContent = cardText(card);
  el.title = word("cards", card, cardText(card));
  el.dataset.card = card;
  return el;
}

/** @param {number} seat */
function seatName(seat) {
  const players = view ? view.players : 4;
  if (seat === ME) return t("you");
  // partners sit across in the games played in sides (their views carry a side's `contract`)
  const across = view && "contract" in view ? "partner" : "across";
  if (players === 4) return t(["you", "left", across, "right"][(seat - ME + 4) % 4]);
  if (players === 2) return t("opponent");
  return t("seat", { n: seat + 1 });
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
  if (action.value !== undefined && action.value !== null) parts.push(String(action.value));
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
  else if (typeof c.value === "number") parts.push(String(c.value));
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
    rules.profiles.map((p) => [p.name, p.name]),
    chosen("set-profile", rules.default_profile),
  );
  const players = rules.options.find((o) => o.name === "players");
  $("row-players").hidden = !players;
  if (players && typeof players.minimum === "number" && typeof players.maximum === "number") {
    /** @type {[string, string][]} */
    const counts = [];
    for (let n = players.minimum; n <= players.maximum; n += 1) counts.push([String(n), String(n)]);
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
      values.map((v) => [v, t(`length.${v}`) === `length.${v}` ? v : t(`length.${v}`)]),
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
  saved.record = /** @type {HandRecord} */ (dealt.hand);
  saved.callsThisHand = api.calls.total - before;
  store();
  await resume();
}

/** Show the current hand as the player's seat sees it, then let the bots play to the player's turn. */
async function resume() {
  if (!saved || !saved.record) return;
  show("table");
  $("menu").hidden = false;
  const record = saved.record;
  view = await counted(() => api.state(saved?.settings.game ?? "blob", record, ME));
  render();
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
      $("calls").textContent = t("calls", { n: saved.callsThisHand });
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
    status(seat === ME ? t("autopilot") : t("thinking", { name: seatName(seat) }));
    await sleep(seat === ME ? 150 : PAUSE);
    if (mine !== generation) return;
    const action = await botMove(seat, seat === ME ? 50 : undefined);
    if (mine !== generation) return;
    await apply(action);
  }
}

/**
 * A bot's move for `seat` from hands/suggest, at the settings' level.
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
    level: s.level,
    seed: (s.seed ?? 0) + (saved.record.actions || []).length,
  });
  if (budget !== undefined) body.budget_ms = budget;
  const answer = await counted(() => api.suggest(s.game, body));
  return /** @type {Action} */ (answer.action);
}

/**
 * Append an action the API offered (a bot's, or the timeout move) to the record, and read the
 * player's view of the new record (which replays and checks it).
 * @param {Action} action
 */
async function apply(action) {
  if (!saved || !saved.record) return;
  const record = /** @type {HandRecord} */ ({ ...saved.record, actions: [...(saved.record.actions || []), action] });
  view = await counted(() => api.state(saved?.settings.game ?? "blob", record, ME));
  saved.record = record;
  store();
  render();
}

/**
 * The player's own action: hands/play for the player's seat. A 422 (an illegal card) shakes the
 * card and the status line gives the API's reason, in the chosen language.
 * @param {Action} action
 * @param {HTMLElement} [el]
 */
async function playMine(action, el) {
  if (!saved || !saved.record || !view || busy || view.to_act !== ME) return;
  busy = true;
  stopClock();
  const record = saved.record;
  try {
    const answer = await counted(() => api.play(saved?.settings.game ?? "blob", record, action, ME));
    saved.record = /** @type {HandRecord} */ ({ ...record, actions: [...(record.actions || []), answer.action] });
    view = /** @type {View} */ (answer.state);
    saved.timeouts = 0; // the player played: the count of timeouts in a row starts again
    store();
    render();
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    const problem = error.problem;
    status(problem.detail && problem.detail !== problem.title ? `${problem.title}: ${problem.detail}` : problem.title);
    $("status").dataset.code = problem.code;
    if (el) {
      el.classList.remove("shake");
      void el.offsetWidth; // restart the animation
      el.classList.add("shake");
    }
    startClock(false);
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
    return;
  }
  newHand().catch(failed);
}

function leave() {
  generation += 1;
  stopClock();
  saved = null;
  view = null;
  autopilot = false;
  store();
  openSettings();
}

// --- the seat clock (Baloot) and the timeout move -------------------------------------------------

/** @param {boolean} [announce] say "your turn" (not after a refused card: its reason stays) */
function startClock(announce = true) {
  stopClock();
  if (!saved || !view) return;
  if (announce) status(t("your_turn"));
  const tempo = TEMPOS[saved.settings.tempo];
  if (!tempo && !CLOCK_OVERRIDE) return;
  const calling = !(view.legal_actions || []).some((a) => a.type === "play");
  let left = CLOCK_OVERRIDE || (tempo ? (calling ? tempo.call : tempo.card) : 0);
  const clock = document.querySelector("#me .clock");
  const tick = () => {
    if (clock) clock.textContent = `${left}s`;
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
  const clock = document.querySelector("#me .clock");
  if (clock) clock.textContent = "";
}

/** Time ran out: the table plays the API's timeout move (hands/suggest with a small budget). */
async function timeout() {
  if (!saved || !view || view.to_act !== ME || busy) return;
  busy = true;
  try {
    saved.timeouts += 1;
    status(t("timed_out"));
    const action = await botMove(ME, 50);
    await apply(action);
  } finally {
    busy = false;
  }
  if (saved.timeouts >= 3) {
    autopilot = true; // three in a row: the table keeps playing the seat until Take over
    $("take-over").hidden = false;
  }
  await advance();
}

// --- drawing ------------------------------------------------------------------------------------

/** @type {Map<number, string>} */
const bubbles = new Map();

function render() {
  if (!view || !saved) return;
  const v = /** @type {Record<string, any>} */ (view);
  // the calls so far, each seat's last one in its bubble
  bubbles.clear();
  for (const call of v.bids || []) bubbles.set(call.seat, actionText(call));
  const seats = $("seats");
  seats.className = `seats players-${view.players}`;
  seats.replaceChildren();
  for (let i = 1; i < view.players; i += 1) {
    const seat = (ME + i) % view.players;
    seats.append(seatEl(seat, v, i));
  }
  $("me").replaceChildren(...seatEl(ME, v, 0).childNodes);
  $("me").classList.toggle("to-act", view.to_act === ME);

  const turned = $("turned");
  turned.replaceChildren();
  if (v.turned && !(v.tricks || []).length && !(v.current_trick && v.current_trick.cards.length)) {
    turned.append(t("turned"), " ", cardEl(v.turned));
  }
  const trick = $("trick");
  trick.replaceChildren();
  for (const played of (v.current_trick && v.current_trick.cards) || []) trick.append(trickCard(played.seat, played.card));

  const news = $("news");
  news.replaceChildren();
  for (const item of [...(v.announcements || []), ...(v.declarations || [])]) {
    const line = document.createElement("div");
    const what = item.name ?? item.kind ?? item.type ?? "";
    const seat = typeof item.seat === "number" ? seatName(item.seat) : typeof item.team === "number" ? t(`team.${item.team}`) : "";
    line.textContent = `${seat}: ${word("combinations", what, t(`combo.${what}`))}${item.points !== undefined ? ` (${item.points})` : ""}`;
    for (const card of item.cards || []) line.append(" ", cardEl(card, "small"));
    news.append(line);
  }

  renderCallsPanel();
  renderHand();
  renderChips();
  const last = (v.tricks || []).at(-1);
  $("last-trick").toggleAttribute("disabled", !last);
  $("last-trick-view").replaceChildren(...(last ? last.cards.map((/** @type {any} */ p) => trickCard(p.seat, p.card)) : []));
  if (view.to_act !== null && view.to_act !== undefined) {
    status(view.to_act === ME ? t("your_turn") : t("to_act", { name: seatName(view.to_act) }));
  }
  $("status").dataset.code = "";
}

/**
 * @param {number} seat
 * @param {Record<string, any>} v
 * @param {number} place 0 the player, then clockwise
 */
function seatEl(seat, v, place) {
  const el = document.createElement("div");
  el.className = `seat place-${place}${v.to_act === seat ? " to-act" : ""}`;
  el.dataset.seat = String(seat);
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = seatName(seat);
  el.append(name);
  if (v.dealer === seat) {
    const dealer = document.createElement("span");
    dealer.className = "dealer";
    dealer.title = t("dealer");
    dealer.textContent = "D";
    el.append(dealer);
  }
  if (seat !== ME) {
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = t("cards", { n: (v.hand_counts || [])[seat] ?? 0 });
    el.append(count);
  } else {
    const clock = document.createElement("span");
    clock.className = "clock";
    el.append(clock);
  }
  const said = bubbles.get(seat);
  if (said) {
    const b = document.createElement("span");
    b.className = "bubble";
    b.textContent = said;
    el.append(b);
  }
  return el;
}

/**
 * @param {number} seat
 * @param {string} card
 */
function trickCard(seat, card) {
  const el = cardEl(card);
  el.dataset.seat = String(seat);
  el.title = seatName(seat);
  const n = view ? view.players : 4;
  el.classList.add(`from-${(seat - ME + n) % n}`);
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
  minus.textContent = "−";
  plus.textContent = "+";
  minus.setAttribute("aria-label", t("minus"));
  plus.setAttribute("aria-label", t("plus"));
  const bid = document.createElement("button");
  bid.type = "button";
  bid.className = "call primary";
  bid.dataset.type = "bid";
  // the button sends the pair it shows
  const update = () => {
    const options = offered.filter((b) => b.strain === strain);
    index = Math.max(0, Math.min(index, options.length - 1));
    const chosen = options[index];
    number.textContent = chosen.capot ? word("capot", "", t("capot")) : String(chosen.value);
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
function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  if (!view) return;
  const cards = (view.hands && view.hands[ME]) || [];
  const legal = new Set(
    (view.legal_actions || []).flatMap((a) => (a.type === "play" && view?.to_act === ME ? [/** @type {any} */ (a).card] : [])),
  );
  cards.forEach((card, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `card ${card.endsWith("H") || card.endsWith("D") ? "red" : "black"}${legal.has(card) ? " legal" : ""}`;
    button.textContent = cardText(card);
    button.dataset.card = card;
    button.tabIndex = i === 0 ? 0 : -1;
    button.setAttribute("aria-label", word("cards", card, cardText(card)));
    button.addEventListener("click", () => {
      /** @type {Action} */
      const action = { seat: ME, type: "play", card };
      playMine(action, button).catch(failed);
    });
    hand.append(button);
  });
  const first = /** @type {HTMLElement | null} */ (hand.querySelector(".legal") || hand.firstElementChild);
  if (first) {
    for (const b of hand.children) /** @type {HTMLElement} */ (b).tabIndex = -1;
    first.tabIndex = 0;
  }
}

function renderChips() {
  if (!saved) return;
  const match = /** @type {Record<string, any> | null} */ (saved.match);
  const totals = match ? match.totals : null;
  $("chip-score").textContent = totals ? `${t("score")}: ${totalsText(totals)}` : `${t("score")}: —`;
  const v = /** @type {Record<string, any> | null} */ (view);
  let contract = "";
  if (v && v.contract) contract = contractText(v.contract);
  else if (v && "trump" in v) contract = `${t("trump")} ${v.trump ? strainText(v.trump) : "—"}`;
  $("chip-contract").textContent = contract ? `${t("contract")}: ${contract}` : "";
}

/** @param {number[]} totals */
function totalsText(totals) {
  if (!saved) return "";
  const sides = totals.length < (view ? view.players : totals.length + 1); // one total per side
  return totals.map((n, i) => `${sides ? t(`team.${i}`) : seatName(i)} ${n}`).join(" · ");
}

/**
 * The sheet the rule books describe, from hands/score: each side's lines, the last trick, the
 * contract and whether it was made, and both totals from matches/score.
 * @param {Score} score
 */
function renderSheet(score) {
  const body = $("sheet-body");
  body.replaceChildren();
  const s = /** @type {Record<string, any>} */ (score);
  const rows = /** @type {Record<string, unknown>[]} */ (s.breakdown || []);
  const table = document.createElement("table");
  table.className = "sheet";
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== "team" && k !== "seat");
  const head = document.createElement("tr");
  head.append(th(""));
  for (const row of rows) head.append(th(typeof row.team === "number" ? t(`team.${row.team}`) : seatName(Number(row.seat))));
  table.append(head);
  for (const key of keys) {
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    tr.append(th(t(`col.${key}`)));
    for (const row of rows) tr.append(td(row[key]));
    table.append(tr);
  }
  body.append(table);
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
  fact("hand_scores", totalsText(s.scores || []));
  const match = /** @type {Record<string, any> | null} */ (saved?.match ?? null);
  if (match) fact("totals", totalsText(match.totals || []));
  body.append(facts);
}

/** @param {string} text */
function th(text) {
  const el = document.createElement("th");
  el.textContent = text;
  return el;
}

/** @param {unknown} value */
function td(value) {
  const el = document.createElement("td");
  el.textContent = value === true ? t("yes") : value === false ? t("no") : value === null || value === undefined ? "—" : String(value);
  return el;
}

/** The end of the match, from matches/score: the winner, the totals and every deal. */
function renderResult() {
  const body = $("result-body");
  body.replaceChildren();
  const match = /** @type {Record<string, any> | null} */ (saved?.match ?? null);
  if (!match) return;
  const winner = document.createElement("p");
  winner.className = "winner";
  const sides = (match.totals || []).length < (view ? view.players : 0);
  const w = match.winner;
  winner.textContent =
    w === null || w === undefined ? t("draw") : t("winner", { name: typeof w === "number" ? (sides ? t(`team.${w}`) : seatName(w)) : String(w) });
  body.append(winner);
  const totals = document.createElement("p");
  totals.textContent = `${t("totals")}: ${totalsText(match.totals || [])}`;
  body.append(totals);
  const table = document.createElement("table");
  table.className = "sheet";
  for (const deal of match.deals || match.rounds || []) {
    const tr = document.createElement("tr");
    tr.append(td(deal.deal ?? deal.round), td(deal.contract ? contractText(deal.contract) : deal.trump ? strainText(deal.trump) : "—"));
    tr.append(td(deal.made === undefined ? "" : Array.isArray(deal.made) ? deal.made.map((/** @type {boolean} */ m) => (m ? "✓" : "✗")).join(" ") : deal.made));
    tr.append(td((deal.totals || []).join(" / ")));
    table.append(tr);
  }
  body.append(table);
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
  const text = error instanceof api.ApiError ? `${error.problem.title}: ${error.problem.detail ?? ""}` : String(error);
  status(text);
  console.error(error);
}

function openSettings() {
  show("settings");
  $("menu").hidden = true;
  $("chip-score").textContent = "";
  $("chip-contract").textContent = "";
  $("take-over").hidden = true;
  status(t("choose"));
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
  games = await api.catalog();
  fill(
    /** @type {HTMLSelectElement} */ ($("set-game")),
    games.map((g) => [g.id, g.name]),
    params.get("game") ?? games[0]?.id,
  );
  settingsChanged();
  $("set-game").addEventListener("change", () => settingsChanged());
  $("set-lang").addEventListener("change", () =>
    loadLanguage(/** @type {HTMLSelectElement} */ ($("set-lang")).value).then(() => settingsChanged(true)),
  );
  $("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    startMatch().catch(failed);
  });
  $("next").addEventListener("click", next);
  $("new-match").addEventListener("click", leave);
  $("menu").addEventListener("click", () => {
    if (confirm(t("leave_match"))) leave();
  });
  $("last-trick").addEventListener("click", () => {
    const box = $("last-trick-view");
    box.hidden = !box.hidden;
  });
  $("take-over").addEventListener("click", () => {
    autopilot = false;
    if (saved) saved.timeouts = 0;
    $("take-over").hidden = true;
    generation += 1;
    resume().catch(failed);
  });
  document.addEventListener("keydown", onKey);
  if (stored && !stored.finished && (stored.record || stored.records.length)) {
    saved = stored;
    status(t("resumed"));
    await loadWords();
    if (stored.record) await resume();
    else await newHand(); // between two hands: the sheet was shown, deal the next one
    return;
  }
  openSettings();
}

main().catch(failed);
