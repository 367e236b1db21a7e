// Words for players (docs/web.md, "Words, not codes"): the protocol writes a card
// `SA` (as PBN does); the page writes it as a whist player does, "♠A", and says it
// to a screen reader as "ace of spades".  The conventions' catalogue numbers (C3)
// are written "convention 3", never a code that reads like the three of clubs.
// The computer kinds and the variants have a name and a line of what they are.

export const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
export const SIDE_NAME = { NS: "N-S", EW: "E-W" };
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "knave", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };

export const rank = (r) => (r === "T" ? "10" : r);

// "♠A" for "SA"
export const card = (code) => `${SUIT[code[0]]}${rank(code[1])}`;

// "ace of spades" for "SA"
export const spoken = (code) => `${RANK_NAME[code[1]]} of ${SUIT_NAME[code[0]]}`;

// "the ace of trumps": a suit's name from its letter
export const suitName = (letter) => SUIT_NAME[letter] || letter;

// A catalogue reference (C97, L12, D3...) in a reason: "(C97: title)" or "(C97)".
const CATALOGUE = /(?<=\()([CLDP])(\d+)(?=[:)])/g; // "(C97)", "(C3: Master cards)"
const CATALOGUE_WORD = { C: "convention", L: "law", D: "datum", P: "principle" };
const CODE = /(?<![A-Za-z0-9])([SHDC])([AKQJT2-9])(?![A-Za-z0-9])/g;

// The sources by their number in the catalogues (cavendish.citations.WORKS).
const SOURCE = /\b(00[0-3])(?:-(00[0-3]))?\b/g;
const WORKS = { "000": "the Britannica, 9th edition", "001": "Dick's Hand-book", "002": "the Britannica, 11th edition", "003": "Cavendish's Laws" };
const SIDE_CODE = /(?<![A-Za-z0-9-])(NS|EW)(?![A-Za-z0-9-])/g; // "EW's honours": E-W's
const named = (text) => String(text)
  .replace(SIDE_CODE, (side) => SIDE_NAME[side])
  .replace(CATALOGUE, (_, kind, n) => `${CATALOGUE_WORD[kind]} ${n}`)
  .replace(SOURCE, (_, a, b) => (b ? `${WORKS[a]} to ${WORKS[b]}` : WORKS[a]));

// A line made by the server, for a reader: catalogue numbers named, card codes as
// cards.  Catalogue numbers first, so that "(C3: Master cards)" never becomes ♣3.
export function say(text) {
  return named(text).replace(CODE, (code) => card(code));
}

// The same line for a screen reader: "ace of spades" for each card.
export function sayAloud(text) {
  return named(text).replace(CODE, (code) => spoken(code));
}

// Each computer kind named once, with a line on what it is.
export const COMPUTERS = {
  classical: ["Hoyle, classical", "plays by the rules of the old books (Hoyle, Cavendish, Pole): leads, returns, signals, each card with its reason"],
  "classical:school=old": ["Hoyle, the old school", "the classical player before the American leads: Hoyle and Mathews as they played, without the later signals"],
  pimc: ["Sampler", "deals the unseen cards many times and plays the card that does best over those deals"],
  search: ["Searcher", "a deeper search over sampled deals: the strongest and slowest player"],
  random: ["Novice", "plays any legal card at random: for learning the mechanics"],
};

export function computerName(kind) {
  return (COMPUTERS[kind] || [kind])[0];
}

// A computer player at a table, named once: the server's default name ("Classical N")
// becomes the kind's name ("Hoyle, classical"); a club candidate's "Hoyle (classical)"
// becomes "Hoyle, classical"; a name given by a person is kept.
export function playerName(name, kind) {
  if (!kind || kind === "human" || kind === "dummy") return name;
  const short = kind.split(":")[0];
  const plain = short.charAt(0).toUpperCase() + short.slice(1);
  if (new RegExp(`^${plain} [NESW]$`).test(name)) return computerName(kind);
  const m = name.match(/^(.*) \(([a-z]+)\)$/);
  if (m && m[2] === short) return `${m[1]}, ${computerName(kind).split(", ").pop()}`;
  return name;
}

// Each variant's name as a player says it, and a line of what it is.
export const VARIANTS = {
  short: ["Short whist", "the club code: five points a game, honours scored, rubbers of three games"],
  whist: ["Whist at four", "short whist of the club code, four players, no dummy"],
  dummy: ["Dummy whist", "three players: one plays his own hand and the dummy's, face up"],
  "double-dummy": ["Double dummy", "two players, each with a dummy face up opposite him"],
  long: ["Long whist", "ten points a game, honours called at eight (\"Can you one?\")"],
  american: ["American whist", "seven points a game, tricks only: no honours"],
  clay: ["Clay's dummy", "dummy whist in single games, settled player against player"],
  "ruff-and-honours": ["Ruff-and-honours", "the old game: twelve cards each, four to the stock; the holder of the ace of trumps takes the stock (the ruff); nine up"],
  whisk: ["Whisk", "the old game before whist: the deuces put out, twelve cards each, no stock; nine up"],
  swabbers: ["Whisk-and-swabbers", "whisk, with stakes to those who hold the swabbers (the ace of hearts, the knave of clubs, the ace and deuce of trumps)"],
};

export function variantName(v) {
  return (VARIANTS[v] || [v])[0];
}

export function variantLine(v) {
  return (VARIANTS[v] || [v, ""])[1];
}

// "E-W win the rubber by 6 points"
export function rubberWords(r) {
  return `${SIDE_NAME[r.winner] || r.winner} win the rubber by ${r.points} point${r.points === 1 ? "" : "s"}`;
}

// A game's value in words: single, double, treble.
export function gameValue(v) {
  return { 1: "a single game", 2: "a double game", 3: "a treble game" }[v] || `a game worth ${v}`;
}
