// @ts-check
/**
 * A small typed client of the Trickref API, as any third party would write it: fetch, JSON, and
 * the types generated from openapi.yaml (`make clients` writes .clients/schema.d.ts with
 * openapi-typescript, then type-checks this module against it with `tsc --checkJs`). The browser
 * reads none of these comments: the page needs no build step.
 *
 * Every call is counted (`calls`), so the page can say how many requests a hand costs: one per
 * action (a bot's move is asked and applied in one hands/suggest), plus the deal and the score.
 */

/** @typedef {import("../../../.clients/schema.d.ts").components["schemas"]} S */
/** @typedef {"blob" | "nomination-whist" | "oh-hell" | "bazar-blot" | "blot-duel" | "baloot"} GameId */
/** @typedef {S["Game"]} Game */
/** @typedef {S["Problem"]} Problem */
/** @typedef {S["BlobView"] | S["NominationWhistView"] | S["OhHellView"] | S["BazarBlotView"] | S["BlotDuelView"] | S["BalootView"]} View */
/** @typedef {S["OhHellAction"] | S["BazarBlotAction"] | S["BlotDuelAction"] | S["BalootAction"]} Action */
/** @typedef {S["BlobHandRecord"] | S["NominationWhistHandRecord"] | S["OhHellHandRecord"] | S["BazarBlotHandRecord"] | S["BlotDuelHandRecord"] | S["BalootHandRecord"]} HandRecord */
/** @typedef {S["BlobDeal"] | S["NominationWhistDeal"] | S["OhHellDeal"] | S["BazarBlotDeal"] | S["BlotDuelDeal"] | S["BalootDeal"]} Deal */
/** @typedef {S["BlobDealRequest"] | S["NominationWhistDealRequest"] | S["OhHellDealRequest"] | S["BazarBlotDealRequest"] | S["BlotDuelDealRequest"] | S["BalootDealRequest"]} DealRequest */
/** @typedef {S["BlobPlayResult"] | S["NominationWhistPlayResult"] | S["OhHellPlayResult"] | S["BazarBlotPlayResult"] | S["BlotDuelPlayResult"] | S["BalootPlayResult"]} PlayResult */
/** @typedef {S["BlobScore"] | S["NominationWhistScore"] | S["OhHellScore"] | S["BazarBlotScore"] | S["BlotDuelScore"] | S["BalootScore"]} Score */
/** @typedef {S["BlobMatch"] | S["NominationWhistMatch"] | S["OhHellMatch"] | S["BazarBlotMatch"] | S["BlotDuelMatch"] | S["BalootMatch"]} Match */
/** @typedef {S["BlobSuggestRequest"] | S["NominationWhistSuggestRequest"] | S["OhHellSuggestRequest"] | S["BazarBlotSuggestRequest"] | S["BlotDuelSuggestRequest"] | S["BalootSuggestRequest"]} SuggestRequest */
/** @typedef {S["BlobGlossary"] | S["NominationWhistGlossary"] | S["OhHellGlossary"] | S["BazarBlotGlossary"] | S["BlotDuelGlossary"] | S["BalootGlossary"]} Glossary */
/** @typedef {S["BlobSuggestion"] | S["NominationWhistSuggestion"] | S["OhHellSuggestion"] | S["BazarBlotSuggestion"] | S["BlotDuelSuggestion"] | S["BalootSuggestion"]} Suggestion */

/** An answer other than 2xx: its problem+json (RFC 9457) with a stable `code`. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {Problem} problem
   */
  constructor(status, problem) {
    super(problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

/** Requests sent, in all and per operation (`deals`, `hands/state`...). */
/** @type {{ total: number, byOp: Record<string, number> }} */
export const calls = { total: 0, byOp: {} };

/** The language the API writes its problems in (Accept-Language). */
let language = "en";

/** @param {string} lang */
export function setLanguage(lang) {
  language = lang;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {string} op
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
async function send(method, path, op, body) {
  calls.total += 1;
  calls.byOp[op] = (calls.byOp[op] || 0) + 1;
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": language };
  /** @type {RequestInit} */
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const problem = /** @type {Problem} */ (
      data && typeof data === "object" && "code" in data
        ? data
        : { type: "about:blank", title: `HTTP ${response.status}`, status: response.status, code: "http_error" }
    );
    throw new ApiError(response.status, problem);
  }
  return data;
}

/**
 * @param {GameId} game
 * @param {string} op
 * @param {unknown} body
 */
function post(game, op, body) {
  return send("POST", `/v1/games/${game}/${op}`, op, body);
}

/** GET /v1/games: every game with its rules, profiles and options. */
export async function catalog() {
  const answer = /** @type {{ games: Game[] }} */ (await send("GET", "/v1/games", "catalog"));
  return answer.games;
}

/**
 * GET glossary: the game's words (suits, cards, calls, combinations...) in the language asked for.
 * @param {GameId} game
 */
export async function glossary(game) {
  return /** @type {Glossary} */ (await send("GET", `/v1/games/${game}/glossary`, "glossary"));
}

/**
 * POST deals: a fresh hand record (`hand`), ready to send back as it is.
 * @param {GameId} game
 * @param {DealRequest} body
 */
export async function deal(game, body) {
  return /** @type {Deal} */ (await post(game, "deals", body));
}

/**
 * POST hands/state with `seat`: the hand as that seat sees it (other hands hidden).
 * @param {GameId} game
 * @param {HandRecord} hand
 * @param {number} seat
 */
export async function state(game, hand, seat) {
  return /** @type {View} */ (await post(game, "hands/state", { ...hand, seat }));
}

/**
 * POST hands/play for one seat's view: the action as recorded and that seat's new view (no record:
 * the caller appends `action` to the record it keeps).
 * @param {GameId} game
 * @param {HandRecord} hand
 * @param {Action} action
 * @param {number} seat
 */
export async function play(game, hand, action, seat) {
  return /** @type {PlayResult} */ (await post(game, "hands/play", { hand, action, seat }));
}

/**
 * POST hands/score for a whole record.
 * @param {GameId} game
 * @param {HandRecord} hand
 */
export async function score(game, hand) {
  return /** @type {Score} */ (await post(game, "hands/score", { hand }));
}

/**
 * POST matches/score: every hand of the match so far, in order.
 * @param {GameId} game
 * @param {HandRecord[]} hands
 */
export async function matchScore(game, hands) {
  return /** @type {Match} */ (await post(game, "matches/score", { hands: hands.map((hand) => ({ hand })) }));
}

/**
 * POST hands/suggest: a bot's move for `seat`, from that seat's view only (the service replays the
 * record and hides the other hands from the bot). `action` goes back to hands/play as it is.
 * @param {GameId} game
 * @param {SuggestRequest} body
 */
export async function suggest(game, body) {
  return /** @type {Suggestion} */ (await post(game, "hands/suggest", body));
}

/**
 * POST hands/suggest with `play`: a bot's move for `seat` (from that seat's view only) applied in
 * the same call. `played` is hands/play's answer for it: the record with the action appended
 * (`played.hand`) and, in `played.views`, the views of the seats `views` names, in that order.
 * @param {GameId} game
 * @param {SuggestRequest} body without `play`
 * @param {number[]} views the seats whose views of the new state to return
 */
export async function suggestAndPlay(game, body, views) {
  return /** @type {Suggestion} */ (await post(game, "hands/suggest", { ...body, play: { views } }));
}
