import { describe, expect, it } from "vitest";
import { chunkClauses } from "./chunking";
import { headingOf, positionOf, structureDocument } from "./structure";

// Layouts of contracts in the CUAD dev set (shared/bench/cuad-dev/contracts) as our PDF extraction
// reads them, cut to the lines each case is about. The words are our own: the cases test numbering,
// capitals, line breaks and page furniture, and the bench's text must not be copied into the repository.
const page = (pageNumber: number, lines: string[]) => ({ pageNumber, text: lines.join("\n") });

/** Like SYKESHEALTHPLANSERVICESINC_04_24_1998-EX-10.14: ALL-CAPS titles, "1." and "1.1 TITLE." clauses, a page number on top. */
const sykes = [
  page(1, [
    "1",
    "EXHIBIT 10.14",
    "",
    "OUTSOURCING AGREEMENT",
    "",
    'Sykes HealthPlan Services, Inc. ("SHPS") and HealthPlan Services, Inc. ("HPS"),',
    'both Florida corporations, sign this Outsourcing Agreement (the "Agreement")',
    "with effect from January 1, 1998.",
    "",
    "BACKGROUND",
    "",
    "HPS, itself or through an affiliate other than SHPS, runs administration and",
    "Care Management Services (defined below) for its clients, and wishes SHPS to",
    "take the care management work over. The parties therefore agree:",
    "",
    "TERMS",
    "",
    "1. SERVICES; TERM AND TERMINATION",
    "",
    "1.1 SHPS TO PROVIDE CARE MANAGEMENT SERVICES. HPS",
    "names SHPS its sole provider of Care Management Services for the Clients,",
    "and SHPS accepts.",
    "",
    "2. PAYMENTS",
    "",
    "2.3 ALLOCATION OF COSTS. SHPS shall repay HPS a share of the",
    "depreciation on equipment HPS uses for the work, roughly in proportion",
    "to how much of that use is for SHPS. For convenience, the parties",
  ]),
  page(2, [
    "2",
    "acknowledge that HPS will deduct this share from the fees it pays SHPS",
    "under Section 2.1.",
    "",
    "2.4 NEW CLIENTS. If HPS, or an affiliate of HPS other than",
    "SHPS, agrees to give Care Management Services to someone who",
    "was not a Client on the date of this Agreement.",
  ]),
  page(3, ["3", "4. MISCELLANEOUS", "", "4.12 GOVERNING LAW. The laws of the State of Florida govern this Agreement", "and how it is read."]),
];

const runningHeader = [
  "CONFIDENTIAL TREATMENT REQUESTED. WORDS LEFT OUT OF THIS COPY ARE SHOWN AS “[***]”. THE SECURITIES AND",
  "EXCHANGE COMMISSION HAS RECEIVED AN UNREDACTED VERSION, FILED SEPARATELY UNDER ITS RULE 406 (SECURITIES ACT",
  "OF 1933). THESE THREE LINES REPEAT AT THE TOP OF EVERY PAGE OF THIS FILING, AND ARE NOT PART OF ITS TERMS.",
];

/** Like Magenta_Therapeutics_Inc._-_Master_Development_and_Manufacturing_Agreement: "Section 1. TITLE", a three-line running header, page numbers below. */
const magenta = [
  page(1, [
    ...runningHeader,
    "MASTER DEVELOPMENT AND MANUFACTURING AGREEMENT",
    "",
    "NOW, THEREFORE, the Parties, meaning to be bound by law and in return for the promises below, agree as follows.",
    "",
    "Section 1. DEFINITIONS",
    "In this Agreement, capitalised terms have the meanings this Section 1 gives them:",
    "1.1 “Affiliate” means an entity that a Party controls, that controls a Party, or that shares a controlling owner with a Party, while that lasts during this",
    "Agreement.",
    "1.13 “IND” means an application to test a new drug in people that concerns a Product, whether filed with the FDA or, as its",
    "1",
  ]),
  page(2, [
    ...runningHeader,
    "counterpart, with a Governmental Authority outside the United States.",
    "1.14 “Latent Defect” means a flaw that the analytical test methods in use on the shipping date could have found (but did not) before",
    "delivery to Magenta.",
    "2",
  ]),
  page(3, [...runningHeader, "Section 2. ENGAGEMENT OF BACHEM", "Magenta engages Bachem to carry out the Services and to make Product.", "3"]),
];

/** Like CORIOINC_07_20_2000-EX-10.5: a wrapped line that begins "Section 2" inside clause 2.10. */
const corio = [
  page(1, [
    "2.10 Expansion of Geographical Scope. Corio may ask the other party to consent",
    "to widening the territory of the licenses it holds under this",
    "Section 2 to the whole world, without paying more and with the",
    "revenue share in this Agreement unchanged.",
    "",
    "2.11 Royalties. Corio shall pay the royalties set out in Exhibit B.",
  ]),
];

/** Like HealthcareIntegratedTechnologiesInc_20190812_8-K_EX-10.1 and StaarSurgicalCompany_20180801_10-Q_EX-10.37: schedules and exhibits after the body. */
const attachments = [
  page(1, ["1. Definitions", "1.7. “Products” means the products listed in Schedule 1.", "1.9. “Territory” means the countries and regions Schedule 1 names."]),
  page(2, ["Schedule 1", "Territory USA", "", "Products Walabot HOME hardware device"]),
  page(3, ["EXHIBIT B", "Minimum Product Quantities", "", "Distributor shall purchase at least the quantities set out below."]),
];

/** Like DYNAMEXINC_06_06_1996-EX-10.4: "1.0 TITLE", then definitions lettered "a)". */
const dynamex = [
  page(1, [
    "NOW THEREFORE, in return for the promises each makes in this",
    "Agreement, each Party binds itself as set out below:",
    "1.0 DEFINITIONS",
    "1.1 In this Agreement, the words below have the meanings given to them",
    "here:",
    'a) "Agreement" means this document together with every Schedule attached,',
    "as the Parties amend it from time to time;",
    'b) "Freight" means goods that one Party sends to the other for',
    "carriage.",
    "1.2 Every amount of money in this Agreement is in Canadian dollars.",
  ]),
];

type Outline = [heading: string, pageStart: number, pageEnd: number][];

describe("structure of real contract layouts", () => {
  it.each<[string, { pageNumber: number; text: string }[], Outline]>([
    [
      "ALL-CAPS titles and numbered clauses, one clause across a page break (Sykes)",
      sykes,
      [
        ["Exhibit 10.14", 1, 1],
        ["OUTSOURCING AGREEMENT", 1, 1],
        ["BACKGROUND", 1, 1],
        ["TERMS", 1, 1],
        ["1 SERVICES; TERM AND TERMINATION", 1, 1],
        ["1.1 SHPS TO PROVIDE CARE MANAGEMENT SERVICES", 1, 1],
        ["2 PAYMENTS", 1, 1],
        ["2.3 ALLOCATION OF COSTS", 1, 2],
        ["2.4 NEW CLIENTS", 2, 2],
        ["4 MISCELLANEOUS", 3, 3],
        ["4.12 GOVERNING LAW", 3, 3],
      ],
    ],
    [
      "Section n. TITLE with decimal definitions, under a running header (Magenta)",
      magenta,
      [
        ["MASTER DEVELOPMENT AND MANUFACTURING AGREEMENT", 1, 1],
        ["1 DEFINITIONS", 1, 1],
        ["1.1", 1, 1],
        ["1.13", 1, 2],
        ["1.14", 2, 2],
        ["2 ENGAGEMENT OF BACHEM", 3, 3],
      ],
    ],
    [
      "a wrapped line beginning with a section reference stays in its clause (Corio)",
      corio,
      [
        ["2.10 Expansion of Geographical Scope", 1, 1],
        ["2.11 Royalties", 1, 1],
      ],
    ],
    [
      "a schedule and an exhibit after the body start their own top-level entries",
      attachments,
      [
        ["1 Definitions", 1, 1],
        ["1.7", 1, 1],
        ["1.9", 1, 1],
        ["Schedule 1", 2, 2],
        ["Exhibit B", 3, 3],
      ],
    ],
    [
      "x.0 article titles and lettered definitions (Dynamex)",
      dynamex,
      [
        ["", 1, 1],
        ["1.0 DEFINITIONS", 1, 1],
        ["1.1", 1, 1],
        ["1.1(a)", 1, 1],
        ["1.1(b)", 1, 1],
        ["1.2", 1, 1],
      ],
    ],
  ])("%s", (_name, pages, outline) => {
    const clauses = structureDocument(pages);
    expect(clauses.map((clause): Outline[number] => [headingOf(clause), clause.pageStart, clause.pageEnd])).toEqual(outline);
  });

  it.each([
    ["page numbers on top of each page", sykes, /^\d$/m],
    ["a three-line running header", magenta, /CONFIDENTIAL TREATMENT|UNREDACTED VERSION|RULE 406/],
    ["page numbers below the text", magenta, /(^|\s)[123]$/],
  ])("removes %s from every clause", (_name, pages, furniture) => {
    const clauses = structureDocument(pages);
    expect(clauses.length).toBeGreaterThan(0);
    expect(clauses.filter((clause) => furniture.test(clause.body.text)).map(headingOf)).toEqual([]);
  });

  it("joins a clause across the page break in reading order and maps its words back to both pages", () => {
    const allocation = structureDocument(sykes).find((clause) => clause.number === "2.3")!;
    expect(allocation.body.text).toMatch(/For convenience, the parties acknowledge that HPS will deduct/);
    const acknowledge = positionOf(allocation.body, allocation.body.text.indexOf("acknowledge"))!;
    expect(acknowledge.pageNumber).toBe(2);
    expect(sykes[1]!.text.slice(acknowledge.offset, acknowledge.offset + "acknowledge".length)).toBe("acknowledge");
    const depreciation = positionOf(allocation.body, allocation.body.text.indexOf("depreciation"))!;
    expect(depreciation.pageNumber).toBe(1);
  });

  it("nests definitions under their section and lettered items under their clause", () => {
    const clauses = structureDocument(magenta);
    expect(clauses.find((clause) => clause.number === "1.14")!.path).toEqual(["1 DEFINITIONS", "1.14"]);
    expect(structureDocument(dynamex).find((clause) => clause.number === "1.1(b)")!.path).toEqual(["1.0 DEFINITIONS", "1.1", "1.1(b)"]);
  });
});

describe("line ends of real contracts", () => {
  it.each([
    [
      "a word hyphenated by the typesetter",
      ["1.1 “Clean Claim” means a claim with all information needed for adjudica-", "tion without further information."],
      "for adjudication without",
    ],
    [
      "a compound split after its hyphen (HealthcentralCom)",
      ["1. Hosting. MediaLinx shall maintain the mutually approved Co-", "Branded Site including technology."],
      "approved Co-Branded Site",
    ],
    [
      "a prefix that keeps its hyphen (HealthcentralCom)",
      ["1. Commerce. The parties may negotiate e-", "commerce relationships on the site."],
      "negotiate e-commerce relationships",
    ],
    [
      "know-how (Magenta)",
      ["1. Property. All data, information, reports, manufacturing know-", "how and processes remain with Bachem."],
      "manufacturing know-how and",
    ],
    [
      "non- before a word (Magenta)",
      ["1. Records. Bachem keeps archives subject to the terms of confidentiality and non-", "use in this Agreement."],
      "confidentiality and non-use in",
    ],
    ["a wrapped line", ["1. Term. The parties' obligations commence on January 1, 1998", "and continue for five years."], "January 1, 1998 and continue"],
  ])("%s", (_name, lines, expected) => {
    const [clause] = structureDocument([page(1, lines)]);
    expect(clause!.body.text).toContain(expected);
  });
});

describe("chunks of a real layout", () => {
  const chunks = chunkClauses(structureDocument(sykes), { maxChars: 400, minChars: 150 });

  it("cite the clause and page span each chunk comes from", () => {
    const allocation = chunks.find((chunk) => chunk.clauseNumbers.includes("2.3"))!;
    expect([allocation.pageStart, allocation.pageEnd]).toEqual([1, 2]);
    // The EDGAR exhibit label on top of the filing heads the whole contract.
    expect(allocation.headingPath).toEqual(["Exhibit 10.14", "TERMS", "2 PAYMENTS", "2.3 ALLOCATION OF COSTS"]);
    const law = chunks.find((chunk) => chunk.clauseNumber === "4.12")!;
    expect([law.pageStart, law.pageEnd, law.heading]).toEqual([3, 3, "GOVERNING LAW"]);
  });

  it("point their start offsets at their first words in the page text", () => {
    for (const chunk of chunks) {
      const text = sykes[chunk.start.pageNumber - 1]!.text;
      const firstWord = chunk.text.replace(/^[\d.]+\s+[A-Z;,' ]+\s(?=[A-Z][a-z]|HPS|SHPS)/, "").split(/\s+/)[0]!;
      expect(text.slice(chunk.start.offset)).toContain(firstWord);
    }
  });
});
