// Word's automatic list numbers ("1.", "1.2", "(a)", "ARTICLE IV") are not text in
// document.xml: Word computes them from numbering.xml when it lays the document out, and
// mammoth leaves them out. Contracts number their clauses this way, and citations name
// clauses by number, so the labels are computed here and written into each paragraph as text.

interface Level {
  start: number;
  format: string;
  text: string;
  isLegal: boolean;
  suffix: string;
  styleId?: string;
}

interface Numbering {
  /** numId → abstractNumId and per-level start overrides. */
  instances: Map<string, { abstractId: string; startOverrides: Map<number, number> }>;
  /** abstractNumId → levels by ilvl. */
  abstracts: Map<string, Map<number, Level>>;
}

interface StyleNumbering {
  numId?: string;
  ilvl?: number;
  basedOn?: string;
}

function attribute(xml: string, element: string, name = "w:val"): string | undefined {
  const match = new RegExp(`<${element}\\b[^>]*?\\b${name}="([^"]*)"`).exec(xml);
  return match?.[1];
}

function parseNumbering(xml: string): Numbering {
  const abstracts = new Map<string, Map<number, Level>>();
  for (const abstract of xml.matchAll(/<w:abstractNum\b[^>]*?w:abstractNumId="([^"]+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
    const levels = new Map<number, Level>();
    for (const level of abstract[2]!.matchAll(/<w:lvl\b[^>]*?w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
      const body = level[2]!;
      const suffix = attribute(body, "w:suff") ?? "tab";
      levels.set(Number(level[1]), {
        start: Number(attribute(body, "w:start") ?? "1"),
        format: attribute(body, "w:numFmt") ?? "decimal",
        text: attribute(body, "w:lvlText") ?? "",
        isLegal: /<w:isLgl\b(?![^>]*w:val="(?:0|false)")/.test(body),
        suffix: suffix === "nothing" ? "" : " ",
        styleId: attribute(body, "w:pStyle"),
      });
    }
    abstracts.set(abstract[1]!, levels);
  }
  const instances = new Map<string, { abstractId: string; startOverrides: Map<number, number> }>();
  for (const num of xml.matchAll(/<w:num\b[^>]*?w:numId="([^"]+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const body = num[2]!;
    const abstractId = attribute(body, "w:abstractNumId");
    if (abstractId === undefined) continue;
    const startOverrides = new Map<number, number>();
    for (const override of body.matchAll(/<w:lvlOverride\b[^>]*?w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvlOverride>/g)) {
      const start = attribute(override[2]!, "w:startOverride");
      if (start !== undefined) startOverrides.set(Number(override[1]), Number(start));
    }
    instances.set(num[1]!, { abstractId, startOverrides });
  }
  return { instances, abstracts };
}

function parseStyles(xml: string): Map<string, StyleNumbering> {
  const styles = new Map<string, StyleNumbering>();
  for (const style of xml.matchAll(/<w:style\b[^>]*?w:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
    const body = style[2]!;
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(body)?.[1] ?? "";
    const ilvl = attribute(numPr, "w:ilvl");
    styles.set(style[1]!, { numId: attribute(numPr, "w:numId"), ilvl: ilvl === undefined ? undefined : Number(ilvl), basedOn: attribute(body, "w:basedOn") });
  }
  return styles;
}

function toRoman(value: number): string {
  const numerals: Array<[number, string]> = [
    [1000, "M"],
    [900, "CM"],
    [500, "D"],
    [400, "CD"],
    [100, "C"],
    [90, "XC"],
    [50, "L"],
    [40, "XL"],
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let rest = value;
  let result = "";
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      result += numeral;
      rest -= amount;
    }
  }
  return result;
}

/** Word's letter numbering: A..Z, then AA..ZZ, AAA.. (the letter repeated). */
function toLetters(value: number): string {
  const letter = String.fromCharCode(65 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

function formatNumber(value: number, format: string): string {
  switch (format) {
    case "upperRoman":
      return toRoman(value);
    case "lowerRoman":
      return toRoman(value).toLowerCase();
    case "upperLetter":
      return toLetters(value);
    case "lowerLetter":
      return toLetters(value).toLowerCase();
    case "decimalZero":
      return String(value).padStart(2, "0");
    case "ordinal": {
      const tens = value % 100;
      const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][value % 10] ?? "th");
      return `${value}${suffix}`;
    }
    case "none":
      return "";
    default:
      return String(value);
  }
}

function decodeXmlAttribute(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[name] ?? "");
}

function escapeXmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** End of the `<w:pPr>` element that starts at `start` (nested pPr inside pPrChange included). */
function endOfParagraphProperties(xml: string, start: number): number {
  const selfClosing = /^<w:pPr\b[^>]*\/>/.exec(xml.slice(start, start + 200));
  if (selfClosing) return start + selfClosing[0].length;
  const tags = /<(\/?)w:pPr\b[^>]*?(\/?)>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(xml); tag; tag = tags.exec(xml)) {
    if (tag[1]) depth -= 1;
    else if (!tag[2]) depth += 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return start;
}

/**
 * Writes each numbered paragraph's list label ("1.2 ", "(a) ", "• ") into document.xml as a
 * leading run, computing it as Word does from numbering.xml and the paragraph styles.
 */
export function addListLabels(documentXml: string, numberingXml: string | undefined, stylesXml: string | undefined): string {
  if (!numberingXml) return documentXml;
  const numbering = parseNumbering(numberingXml);
  const styles = stylesXml ? parseStyles(stylesXml) : new Map<string, StyleNumbering>();
  const counters = new Map<string, number[]>();
  const usedInstances = new Set<string>();

  function styleNumbering(styleId: string | undefined): { numId?: string; ilvl?: number } {
    const seen = new Set<string>();
    let numId: string | undefined;
    let ilvl: number | undefined;
    for (let id = styleId; id && !seen.has(id); id = styles.get(id)?.basedOn) {
      seen.add(id);
      const style = styles.get(id);
      numId ??= style?.numId;
      ilvl ??= style?.ilvl;
    }
    return { numId, ilvl };
  }

  function labelFor(properties: string): string {
    const own = properties.replace(/<w:pPrChange\b[\s\S]*?<\/w:pPrChange>/g, "").replace(/<w:rPr\b[\s\S]*?<\/w:rPr>/g, "");
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(own)?.[1];
    const styleId = attribute(own, "w:pStyle");
    const fromStyle = styleNumbering(styleId);
    const numId = (numPr && attribute(numPr, "w:numId")) ?? fromStyle.numId;
    if (!numId || numId === "0") return "";
    const instance = numbering.instances.get(numId);
    const levels = instance && numbering.abstracts.get(instance.abstractId);
    if (!instance || !levels) return "";
    const explicitLevel = numPr && attribute(numPr, "w:ilvl");
    let ilvl = explicitLevel !== undefined ? Number(explicitLevel) : fromStyle.ilvl;
    if (ilvl === undefined) ilvl = [...levels].find(([, level]) => level.styleId === styleId)?.[0] ?? 0;
    const level = levels.get(ilvl);
    if (!level) return "";

    const levelCounters = counters.get(instance.abstractId) ?? [];
    counters.set(instance.abstractId, levelCounters);
    if (!usedInstances.has(numId)) {
      // A list instance with start overrides restarts its levels where it is first used.
      usedInstances.add(numId);
      for (const [overridden, start] of instance.startOverrides) levelCounters[overridden] = start - 1;
    }
    levelCounters[ilvl] = (levelCounters[ilvl] ?? (levels.get(ilvl)?.start ?? 1) - 1) + 1;
    levelCounters.length = ilvl + 1; // deeper levels restart

    if (level.format === "bullet") return `•${level.suffix}`;
    const text = decodeXmlAttribute(level.text).replace(/%(\d)/g, (_, digit: string) => {
      const index = Number(digit) - 1;
      const value = levelCounters[index] ?? levels.get(index)?.start ?? 1;
      const format = level.isLegal ? "decimal" : (levels.get(index)?.format ?? "decimal");
      return formatNumber(value, format);
    });
    return text.trim() ? `${text}${level.suffix}` : "";
  }

  let result = "";
  let copied = 0;
  const paragraphs = /<w:p(?=[\s>/])[^>]*?(\/?)>/g;
  for (let paragraph = paragraphs.exec(documentXml); paragraph; paragraph = paragraphs.exec(documentXml)) {
    if (paragraph[1]) continue; // <w:p/>
    let insertAt = paragraph.index + paragraph[0].length;
    let properties = "";
    const next = /^\s*<w:pPr\b/.exec(documentXml.slice(insertAt, insertAt + 64));
    if (next) {
      const start = insertAt + next[0].length - "<w:pPr".length;
      const end = endOfParagraphProperties(documentXml, start);
      properties = documentXml.slice(start, end);
      insertAt = end;
    }
    const label = labelFor(properties);
    if (!label) continue;
    result += `${documentXml.slice(copied, insertAt)}<w:r><w:t xml:space="preserve">${escapeXmlText(label)}</w:t></w:r>`;
    copied = insertAt;
  }
  return copied === 0 ? documentXml : result + documentXml.slice(copied);
}
