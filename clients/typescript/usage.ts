// A TypeScript client's view of the committed openapi.yaml, checked by `make clients` (clients/check):
// openapi-typescript generates .clients/schema.d.ts from the contract, then `tsc --strict --noEmit`
// compiles this file against it. The valid bodies must compile; every line after a
// `@ts-expect-error` must fail to compile (tsc rejects an unused directive, and clients/check also
// compiles this file with the directives neutralised and requires, on each of those lines, exactly
// the error code the directive names). Keep each expected error on the one line after its directive.

import type { paths } from "../../.clients/schema";

// What each operation takes, named from the paths and content types of the contract.
type BlobPlayBody =
  paths["/v1/games/blob/hands/play"]["post"]["requestBody"]["content"]["application/json"];
type BalootPlayBody =
  paths["/v1/games/baloot/hands/play"]["post"]["requestBody"]["content"]["application/json"];
type BlobAction = BlobPlayBody["action"];
type BalootAction = BalootPlayBody["action"];

// (a) Valid bodies: the opening bid of a Blob hand and the opening pass of a Baloot hand (the
// examples of the contract).
const blobHand: BlobPlayBody["hand"] = {
  actions: [],
  dealer: 3,
  round: 4,
  hands: [
    ["9H", "5S", "QH", "2H", "2D", "QD", "JC"],
    ["JS", "6S", "KD", "4S", "9C", "3S", "9S"],
    ["AH", "TD", "TC", "7S", "4H", "JD", "AC"],
    ["4C", "8S", "8D", "3D", "5C", "7H", "QC"],
  ],
};

export const blobBid: BlobPlayBody = {
  hand: blobHand,
  action: { seat: 0, type: "bid", value: 0 },
  rules: { profile: "rule-book", players: 4 },
  seat: 0,
};

export const blobPlay: BlobPlayBody = {
  hand: { ...blobHand, actions: [{ seat: 0, type: "bid", value: 0 }] },
  action: { seat: 0, type: "play", card: "9H" },
};

const balootHand: BalootPlayBody["hand"] = {
  actions: [],
  dealer: 0,
  hands: [
    ["TH", "9D", "9C", "7C", "AD"],
    ["JD", "KC", "JS", "7D", "KS"],
    ["JH", "AC", "8S", "TC", "8C"],
    ["9S", "8D", "TS", "QH", "QD"],
  ],
  stock: ["7H", "KH", "7S", "KD", "AS", "QS", "QC", "9H", "TD", "8H", "JC"],
  turned: "AH",
};

export const balootPass: BalootPlayBody = {
  hand: balootHand,
  action: { seat: 1, type: "pass" },
};

export const balootHokum: BalootPlayBody = {
  hand: { ...balootHand, actions: [{ seat: 1, type: "pass" }] },
  action: { seat: 2, type: "hokum", strain: "H" },
};

// A request leaves out what has a server default (openapi-typescript's default settings): a deal
// with a profile and no option, a suggestion with no level and no seed.
type BalootDealBody =
  paths["/v1/games/baloot/deals"]["post"]["requestBody"]["content"]["application/json"];
type BalootSuggestBody =
  paths["/v1/games/baloot/hands/suggest"]["post"]["requestBody"]["content"]["application/json"];

export const balootDeal: BalootDealBody = { rules: { profile: "high-card-club" } };
export const balootSuggest: BalootSuggestBody = { hand: balootHand, seat: 1 };

// (b) What the types must refuse.

// A Blob bid carries a value, never a card.
// @ts-expect-error TS2353 `card` is not a property of a Blob bid
export const bidWithCard: BlobAction = { seat: 0, type: "bid", value: 1, card: "AS" };

// The same mistake inside a whole request body.
// @ts-expect-error TS2353 `card` is not a property of a Blob bid
export const bodyBidWithCard: BlobPlayBody = { hand: blobHand, action: { seat: 0, type: "bid", value: 1, card: "AS" } };

// A Baloot action is not a Blob action: Blob has no hokum.
// @ts-expect-error TS2322 "hokum" is not a Blob action type
export const hokumAsBlob: BlobAction = { seat: 0, type: "hokum", strain: "H" };

// Nor once typed as a Baloot action and handed to a Blob request.
const hokum: BalootAction = { seat: 0, type: "hokum", strain: "H" };
// @ts-expect-error TS2322 a Baloot action is not assignable to a Blob action
export const balootActionInBlobBody: BlobPlayBody = { hand: blobHand, action: hokum };
