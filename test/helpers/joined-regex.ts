/**
 * One regular expression from pieces written as regex literals, so an expected line longer than the source's
 * 120 columns can be split across lines and still be matched as a whole, in order.
 */
export function joinedRegex(pieces: readonly RegExp[], flags = ''): RegExp {
  return new RegExp(pieces.map((piece) => piece.source).join(''), flags);
}
