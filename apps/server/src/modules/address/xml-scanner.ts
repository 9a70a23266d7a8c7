/**
 * A byte-level scan of one XML part of a workbook, fed chunk by chunk while the part is inflated, so a
 * hostile part is refused before any parser holds it and without ever holding it whole. It refuses:
 *
 * - a single text longer than `XLSX_MAX_TEXT_BYTES`: the text of one shared string (`<si>`, all its
 *   rich-text runs together), of one cell (`<c>`, its `<v>` or inline `<is>`), or any other run of text;
 *   a single tag (with its attributes) longer than that too;
 * - any `<!DOCTYPE`, `<!ENTITY` or other declaration (entity expansion, external entities): workbooks
 *   never carry them; comments and CDATA sections are allowed;
 * - elements nested deeper than `XLSX_MAX_XML_DEPTH`.
 *
 * Only ASCII bytes (`<`, `>`, quotes) drive the state machine, so UTF-8 text needs no decoding.
 */

/** Longest text one shared string or one cell may hold. Excel itself stops at 32,767 characters. */
export const XLSX_MAX_TEXT_BYTES = 1024 * 1024;
/** Deepest element nesting accepted; real workbook parts stay under ten levels. */
export const XLSX_MAX_XML_DEPTH = 64;

export type XmlProblem = 'textTooLong' | 'unsafeXml';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOT = 0x22;
const APOS = 0x27;
const RBRACKET = 0x5d;

const enum State {
  Text,
  /** Just after `<`: collecting the first bytes to tell a tag from `<!--`, `<![CDATA[` or `<?`. */
  Open,
  Tag,
  Quoted,
  Comment,
  Cdata,
  Instruction,
}

/** Elements whose whole text counts as one value: a shared string, a cell, an inline string. */
const TEXT_CONTAINERS = new Set(['si', 'c', 'is']);

const isNameEnd = (byte: number) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === SLASH || byte === GT;

export class XmlScanner {
  private state = State.Text;
  private head = '';
  private quote = 0;
  private closing = false;
  private lastTagByte = 0;
  private tagBytes = 0;
  private name = '';
  private nameDone = false;
  private depth = 0;
  private textBytes = 0;
  /** Last bytes seen in a comment or CDATA section, to find its end across chunks. */
  private tail = 0;
  private problem: XmlProblem | undefined;

  constructor(
    private readonly maxTextBytes = XLSX_MAX_TEXT_BYTES,
    private readonly maxDepth = XLSX_MAX_XML_DEPTH,
  ) {}

  /** Scans the next chunk; answers the first problem found (and keeps answering it), else undefined. */
  write(chunk: Uint8Array): XmlProblem | undefined {
    if (this.problem) return this.problem;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      switch (this.state) {
        case State.Text:
          if (byte === LT) {
            this.state = State.Open;
            this.head = '';
            this.tagBytes = 1;
          } else if (++this.textBytes > this.maxTextBytes) return this.fail('textTooLong');
          break;
        case State.Open:
          this.head += String.fromCharCode(byte);
          this.openTag(byte);
          if (this.problem) return this.problem;
          break;
        case State.Tag:
          if (++this.tagBytes > this.maxTextBytes) return this.fail('textTooLong');
          if (byte === QUOT || byte === APOS) {
            this.quote = byte;
            this.state = State.Quoted;
          } else if (byte === GT) {
            if (this.endTag()) return this.problem;
          } else {
            this.tagByte(byte);
          }
          break;
        case State.Quoted:
          if (++this.tagBytes > this.maxTextBytes) return this.fail('textTooLong');
          if (byte === this.quote) this.state = State.Tag;
          break;
        case State.Comment:
        case State.Instruction:
        case State.Cdata: {
          const ends =
            byte === GT &&
            (this.state === State.Comment
              ? this.tail === 0x2d2d
              : this.state === State.Cdata
                ? this.tail === 0x5d5d
                : (this.tail & 0xff) === QUESTION);
          if (ends) {
            this.state = State.Text;
          } else if (this.state === State.Cdata && byte !== RBRACKET) {
            if (++this.textBytes > this.maxTextBytes) return this.fail('textTooLong');
          } else if (this.state !== State.Cdata && ++this.tagBytes > this.maxTextBytes) {
            return this.fail('textTooLong');
          }
          this.tail = ((this.tail << 8) | byte) & 0xffff;
          break;
        }
      }
    }
    return undefined;
  }

  /** Called once the whole part went through `write`: answers 'ok' or the problem. */
  end(): XmlProblem | 'ok' {
    return this.problem ?? 'ok';
  }

  private fail(problem: XmlProblem): XmlProblem {
    this.problem = problem;
    return problem;
  }

  /** Decides what `<` opened once enough bytes are in; answers true while still undecided. */
  private openTag(byte: number): boolean {
    const head = this.head;
    if (head.charCodeAt(0) === BANG) {
      if ('!--'.startsWith(head) || '![CDATA['.startsWith(head)) {
        if (head === '!--') {
          this.state = State.Comment;
          this.tail = 0;
        } else if (head === '![CDATA[') {
          this.state = State.Cdata;
          this.tail = 0;
        }
        return true;
      }
      // <!DOCTYPE, <!ENTITY, <!ELEMENT, <!ATTLIST …: no workbook part declares anything.
      this.fail('unsafeXml');
      return false;
    }
    if (byte === QUESTION && head.length === 1) {
      this.state = State.Instruction;
      this.tail = 0;
      return true;
    }
    this.state = State.Tag;
    this.closing = byte === SLASH;
    this.name = '';
    this.nameDone = false;
    this.lastTagByte = 0;
    this.tagBytes = 2;
    if (byte === GT) {
      this.endTag();
      return true;
    }
    if (!this.closing) this.tagByte(byte);
    return true;
  }

  private tagByte(byte: number) {
    if (!this.nameDone) {
      if (isNameEnd(byte)) this.nameDone = true;
      else if (this.name.length < 16) this.name += String.fromCharCode(byte);
    }
    if (byte > 0x20) this.lastTagByte = byte;
  }

  /** At the `>` of a start or end tag: tracks depth and where a value's text starts. */
  private endTag(): boolean {
    this.state = State.Text;
    if (this.closing) {
      this.depth = Math.max(0, this.depth - 1);
      return false;
    }
    const local = this.name.slice(this.name.indexOf(':') + 1);
    if (TEXT_CONTAINERS.has(local)) this.textBytes = 0;
    if (this.lastTagByte === SLASH) return false;
    if (++this.depth > this.maxDepth) {
      this.fail('unsafeXml');
      return true;
    }
    return false;
  }
}
