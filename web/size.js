// c4's page: the board's size and what follows from it: the sizes c4 plays and the picker
// that lists them, how a move is written (a digit on boards up to 9 wide, a letter a-l on
// wider ones, as c4-core's notation writes moves), the keys that play a column, the `size` a
// request carries, and the link (`#4453` on 7x6, `#6x5:4453` on any other size).
import { $, DEFAULT_SIZE, state } from "./state.js";

/** `{width, height}` as the API writes a size: "6x5". */
export const sizeText = ({ width, height }) => `${width}x${height}`;

export const isStandard = (size) =>
  size.width === DEFAULT_SIZE.width && size.height === DEFAULT_SIZE.height;

/**
 * Every size c4 plays, by width then height: W and H at least 4 and W x (H+1) at most 64
 * (c4-core's `Size`), 42 of them.
 */
export const SIZES = Object.freeze(
  Array.from({ length: 13 }, (_, width) => width)
    .flatMap((width) => Array.from({ length: 16 }, (_, height) => ({ width, height })))
    .filter(({ width, height }) => width >= 4 && height >= 4 && width * (height + 1) <= 64),
);

/** The sizes the picker lists first: the standard board, then the sizes c4 ships books of,
 * then a few larger ones. */
const COMMON = ["7x6", "6x5", "6x6", "8x5", "5x4", "4x4", "7x7", "8x7", "9x6"];

/** The size `text` names ("6x5"), or null when it names none that c4 plays. */
export function parseSize(text) {
  return SIZES.find((size) => sizeText(size) === text) ?? null;
}

/** The range of sizes in words, for a message about a size outside it. */
export const SIZE_RANGE = "width and height at least 4, width × (height + 1) at most 64";

const sizeLabel = (size) => `${size.width} × ${size.height}${isStandard(size) ? " (standard)" : ""}`;

/** Fills the picker: the common sizes first, then every other one, by width then height. */
export function buildSizeMenu() {
  const select = $("size");
  const group = (label, sizes) => {
    const element = document.createElement("optgroup");
    element.label = label;
    for (const size of sizes) element.append(new Option(sizeLabel(size), sizeText(size)));
    return element;
  };
  const common = COMMON.map(parseSize);
  const others = SIZES.filter((size) => !COMMON.includes(sizeText(size)));
  select.replaceChildren(group("Common", common), group("Every other size", others));
  select.value = sizeText(state.size);
}

/** The character a move in column `number` (1 for the leftmost) is written with. */
export const moveChar = (number) =>
  (state.size.width <= 9 ? String(number) : String.fromCharCode(96 + number));

/** The column number of a move's character, a digit or a letter. */
export const columnOf = (char) => (/^[1-9]$/.test(char) ? Number(char) : char.charCodeAt(0) - 96);

/**
 * The column a key plays, or 0: 1 to 9 the first nine columns, and past the ninth j, k and
 * l, the letters the notation writes columns 10 to 12 with (none of them another key's).
 */
export function columnOfKey(key) {
  const width = state.size.width;
  const number = /^[1-9]$/.test(key) ? Number(key) : /^[j-l]$/.test(key) ? columnOf(key) : 0;
  return number <= width ? number : 0;
}

/** The keys that play a column, in words: "1-7", or "1-9 and j-l for columns 10-12". */
export function columnKeysText() {
  const width = state.size.width;
  if (width <= 9) return `1-${width}`;
  const last = String.fromCharCode(96 + width);
  return width === 10 ? "1-9 and j for column 10" : `1-9 and j-${last} for columns 10-${width}`;
}

/** How to move, said to a touch screen without the keys it lacks. */
export const howToPlay = () => (matchMedia("(pointer: coarse)").matches
  ? "tap a column"
  : `click a column or press ${columnKeysText()}`);

/** A request's body with the board's size. */
export const sized = (body) => ({ ...body, size: sizeText(state.size) });

/** The link's part after `#` for `moves` on the board: `4453` on 7x6, `6x5:4453` on others. */
export const linkOf = (moves) => (isStandard(state.size) ? moves : `${sizeText(state.size)}:${moves}`);

/**
 * What a link's text names: `{size, moves}`, the size as written ("6x5"; "7x6" when the
 * link names none), to be read with parseSize.
 */
export function readLink(text) {
  const colon = text.indexOf(":");
  return colon < 0
    ? { size: sizeText(DEFAULT_SIZE), moves: text }
    : { size: text.slice(0, colon), moves: text.slice(colon + 1) };
}
