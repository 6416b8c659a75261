// `make clients`: a TypeScript client (types from openapi-typescript with its default settings, the
// platform's fetch) calls every operation of every game against a live server and plays a whole
// hand of each, with one game-generic loop. Compiled with `tsc --strict`, then run with Node:
//   node .clients/ts/play.js http://127.0.0.1:<port>
//
// How it stays generic without casts (docs/contract.md, "A game-generic client"): the paths of
// one operation for every game form a union (`Op<"deals">`), and a body or an answer of that union
// is the union of the games' bodies or answers. A value answered by one game is sent back to the
// same game's next operation as it is (a record to hands/state, a legal action to hands/play), so
// the loop never builds a game's own types, and every answer is read through the generated types.

import type { paths } from "../../.clients/schema";

const GAMES = ["blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"] as const;
type GameId = (typeof GAMES)[number];

type Post = { [P in keyof paths]: paths[P] extends { post: object } ? P : never }[keyof paths];
type Get = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Body<P extends Post> = Json<paths[P]["post"]["requestBody"]>;
type Answer<P extends Post> = Json<paths[P]["post"]["responses"][200]>;
type GetAnswer<P extends Get> = Json<paths[P]["get"]["responses"][200]>;
/** The path of one operation, for any game: a union of the six literal paths. */
type Op<Tail extends string> = `/v1/games/${GameId}/${Tail}` & (Post | Get);

// Node's globals, declared here rather than installing @types/node for two of them
declare const process: { argv: string[]; exit(code: number): never };

const base = process.argv[2] ?? "http://127.0.0.1:8000";
const called = new Map<string, Set<string>>();

function note(path: string): void {
  const [, , , game, ...rest] = path.split("/");
  const done = called.get(game ?? "") ?? new Set<string>();
  done.add(rest.join("/") || "describe");
  called.set(game ?? "", done);
}

async function answer(path: string, init: RequestInit): Promise<unknown> {
  note(path);
  const response = await fetch(base + path, init);
  const body: unknown = await response.json();
  if (response.status !== 200) {
    throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${JSON.stringify(body)}`);
  }
  return body;
}

async function post<P extends Post>(path: P, body: Body<P>): Promise<Answer<P>> {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return (await answer(path, init)) as Answer<P>;
}

async function get<P extends Get>(path: P, language = "en"): Promise<GetAnswer<P>> {
  return (await answer(path, { headers: { "Accept-Language": language } })) as GetAnswer<P>;
}

/** One operation's path for `game`, typed as that operation's path for any game. */
function path<Tail extends string>(game: GameId, tail: Tail): Op<Tail> {
  return `/v1/games/${game}/${tail}` as Op<Tail>;
}

/**
 * The body of one operation from parts that one game answered. The parts come from the same
 * game, but TypeScript cannot correlate two values of union types (a Baloot record beside a Blob
 * action is the same type to it), so a generic client writes this one assertion; a client of one
 * game writes none (clients/typescript/usage.ts).
 */
function body<Tail extends string>(_tail: Tail, parts: object): Body<Op<Tail> & Post> {
  return parts as Body<Op<Tail> & Post>;
}

/** A record as a deal answers it, and as a referee's play answers it. */
type Dealt = Answer<Op<"deals"> & Post>["hand"];
type Recorded = NonNullable<Answer<Op<"hands/play"> & Post>["hand"]>;

async function playHand(game: GameId): Promise<string> {
  const entry = await get(`/v1/games/${game}` as `/v1/games/${GameId}`); // the one path without a tail
  const words = await get(path(game, "glossary"), "ar");
  if (entry.id !== game || words.direction !== "rtl" || Object.keys(words.suits).length !== 4) {
    throw new Error(`${game}: catalog entry or glossary`);
  }
  let seed = 7;
  let dealt = await post(path(game, "deals"), { seed });
  let hand: Dealt | Recorded = dealt.hand;
  let view = await post(path(game, "hands/state"), body("hands/state", hand));
  let played = 0;
  while (view.phase !== "complete") {
    if (view.phase === "redeal") {
      seed += 1;
      dealt = await post(path(game, "deals"), { seed });
      hand = dealt.hand;
      view = await post(path(game, "hands/state"), body("hands/state", hand));
      continue;
    }
    let action = view.legal_actions.find((a) => view.phase !== "calling" || a.type !== "pass");
    if (played === 0 && view.to_act !== null) {
      // a bot's move, with no level and no seed (their defaults)
      const suggestion = await post(path(game, "hands/suggest"), body("hands/suggest", { hand, seat: view.to_act }));
      action = suggestion.action;
    }
    if (action === undefined) throw new Error(`${game}: nothing to do in ${view.phase}`);
    const result = await post(path(game, "hands/play"), body("hands/play", { hand, action }));
    if (result.hand === undefined) throw new Error(`${game}: a referee's play answers the record`);
    hand = result.hand;
    view = result.state;
    played += 1;
  }
  const score = await post(path(game, "hands/score"), body("hands/score", { hand }));
  const match = await post(path(game, "matches/score"), body("matches/score", { hands: [{ hand }] }));
  const won = await post(path(game, "tricks/winner"), {
    trump: "H",
    leader: 1,
    cards: game === "blot-duel" ? ["AS", "9S"] : ["AS", "JH", "KS", "QS"],
  });
  const legal = await post(path(game, "tricks/legal"), {
    trump: "H",
    hand: ["AS", "9S", "KH", "JD"],
    trick: ["TS"],
  });
  return (
    `${game.padEnd(17)} ${played} actions, scores ${JSON.stringify(score.scores)}, match totals ` +
    `${JSON.stringify(match.totals)}, next dealer ${match.next_dealer}; trick won by seat ${won.winner}, ` +
    `legal ${legal.legal.join(" ")}`
  );
}

async function main(): Promise<void> {
  const catalog = await get("/v1/games");
  const ids = catalog.games.map((g) => g.id);
  for (const game of GAMES) {
    if (!ids.includes(game)) throw new Error(`the catalog lacks ${game}`);
    console.log(await playHand(game));
  }
  const operations = 10; // describe, glossary, deals, state, suggest, play, score, match, winner, legal
  for (const game of GAMES) {
    const done = called.get(game) ?? new Set<string>();
    if (done.size !== operations) throw new Error(`${game}: called ${[...done].join(", ")}`);
  }
  console.log(`typescript client: every game, all ${operations} operations of each: ${[...(called.get("baloot") ?? [])].join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
