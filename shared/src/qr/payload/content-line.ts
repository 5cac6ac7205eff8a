/**
 * The line grammar vCard (RFC 6350 sections 3.2 and 3.4) and iCalendar (RFC 5545 sections 3.1 and 3.3.11) share:
 * text values escape `\`, `,`, `;` and line breaks; a content line longer than 75 octets is folded
 * (CRLF + one space), never inside a UTF-8 sequence.
 */

/** An iCalendar TEXT value, or one component of a vCard compound value (N, ADR, ORG). */
export function escapeText(value: string): string {
  return escapeVcardText(value).replace(/;/g, '\\;');
}

/** A vCard 4.0 single text value (FN, TITLE, NOTE): `;` stays as it is (RFC 6350 §3.4, TEXT-CHAR). */
export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const UTF8 = new TextEncoder();
const LINE_OCTETS = 75;

/** One content line, folded at 75 octets; the continuation's leading space counts in its 75. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = UTF8.encode(char).length;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** Content lines joined with CRLF, each folded, ending with CRLF. */
export function contentLines(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
