// Names and values a broker sends (group ids, topic names, config values) reach the terminal with
// their control characters shown escaped, so a hostile name cannot move the cursor or recolour.

// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function shownText(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A period in words: whole seconds as "60 s", else milliseconds. */
export function periodText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
