import { describe, expect, it } from "vitest";
import { formatAnswer, RELATED_TITLE, UNVERIFIED_NOTE } from "./answer";
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import { locateQuote, type SourcePassage } from "./citations";
import { composeExtractiveAnswer, nothingFoundPoints } from "./extractive-answer";
import { shownModelAnswer, verifyModelAnswer, splitPoints } from "./model-answer";
import { analyzeQuery } from "./query-analysis";
import { matchesSlot, topicWeights } from "./relevance";
import { chunks, pages, sourceHolding, sources } from "./sample-contract.fixture";
import { stem, tokenize } from "./text";

/** The extractive answer to a question, given every passage of the sample contract (most relevant first is not needed to judge). */
function answerTo(question: string, given = sources, nearest?: SourcePassage) {
  const query = analyzeQuery(question);
  const counts = {
    passages: chunks.length,
    slots: query.topic.alternatives.map((slots) => slots.map((slot) => chunks.filter((chunk) => matchesSlot(tokenize(chunk.text).map(stem), slot)).length)),
  };
  return composeExtractiveAnswer(question, query, given, pages, topicWeights(query.topic, counts), nearest);
}

describe("labels", () => {
  it("prints the label once, never inside the quote", () => {
    const markdown = formatAnswer(answerTo("Can we terminate without cause?"), "doc-1");
    expect(markdown).not.toMatch(/3\.2 Termination Without Cause\*\* \(page 3\): “3\.2/);
    expect(markdown).not.toMatch(/“3\.2/);
  });
});

describe("composeExtractiveAnswer: the answer first, then the quote it comes from", () => {
  it.each([
    [
      "Can we terminate without cause?",
      "**Yes** (3.2 Termination Without Cause, page 3): “Either party may terminate this Agreement without cause on one hundred twenty (120) days prior written notice.”",
    ],
    [
      "How long do we have to file a claim?",
      "**90 days** (2.1 Timely Filing, page 2): “Provider shall submit claims within ninety (90) days after the date of service.”",
    ],
    [
      "What is the timely filing limit?",
      "**90 days** (2.1 Timely Filing, page 2): “Provider shall submit claims within ninety (90) days after the date of service.”",
    ],
    [
      "How much notice do we need to terminate without cause?",
      "**120 days** (3.2 Termination Without Cause, page 3): “Either party may terminate this Agreement without cause on one hundred twenty (120) days prior written notice.”",
    ],
    [
      "What percentage of the Medicare fee schedule are office visits paid at?",
      "**110%** (1.2 Rates, page 1): “Office visits are paid at one hundred ten percent (110%) of the Medicare fee schedule.”",
    ],
    [
      "When does it renew?",
      "**renews automatically for successive one-year terms** (3.1 Term, page 3): “This Agreement begins on January 1, 2026 and renews automatically for successive one-year terms.”",
    ],
    [
      "When does this agreement become effective?",
      "**January 1, 2026** (3.1 Term, page 3): “This Agreement begins on January 1, 2026 and renews automatically for successive one-year terms.”",
    ],
  ])("%s", (question, first) => {
    const answer = answerTo(question);
    expect(answer.outcome).toBe("answer");
    expect(answer.points[0]!.text).toBe(first);
    expect(answer.points[0]!.citations).toEqual([1]);
    for (const citation of answer.citations) expect(locateQuote(citation.quote, pages, citation.page, citation.page)?.quote).toBe(citation.quote);
  });

  it("quotes a long sentence from its start, keeping the fact with an ellipsis", () => {
    const long = `Provider shall submit every claim, ${"including all attachments, records and coding required by the plan's billing manual, ".repeat(4)}within ninety (90) days after the date of service.`;
    const page = { pageNumber: 1, text: `2.1 Timely Filing. ${long}` };
    const [chunk] = chunkClauses(structureDocument([page]));
    const query = analyzeQuery("What is the timely filing limit?");
    const answer = composeExtractiveAnswer("What is the timely filing limit?", query, [{ ...chunk!, number: 1, chunkId: "c" }], new Map([[1, page.text]]), [
      [3, 2, 1],
    ]);
    expect(answer.citations[0]!.quote).toMatch(/^Provider shall submit every claim, .+ … .*ninety \(90\) days/);
  });

  // Dated sentences first (a date answers "when"), then among them the one said of the agreement itself.
  it.each([
    [
      "a clause saying when the agreement itself takes effect, over a notice's",
      "7.2 Notices. A notice sent by mail is effective on the date of receipt.",
      "This Agreement takes effect once both parties have signed it.",
    ],
    [
      "the agreement's own effective date, over a price change's",
      "4.2 Rates. The hourly rate will increase by 2% effective 10/1/2025 under the rate memorandum.",
      "Executed and effective as of the 3rd day of March, 2025.",
    ],
  ])("answers when the contract becomes effective with %s", (_, distractor, expected) => {
    const page = {
      pageNumber: 1,
      text: [
        "SERVICES AGREEMENT",
        "This Agreement is made between Lakeside Pediatrics, P.C. and Northwind Billing Services, Inc.",
        distractor,
        `12.1 Term. ${expected}`,
      ].join("\n"),
    };
    const passages = chunkClauses(structureDocument([page])).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
    const question = "When does this contract become effective?";
    const query = analyzeQuery(question);
    const answer = composeExtractiveAnswer(
      question,
      query,
      passages,
      new Map([[1, page.text]]),
      topicWeights(query.topic, { passages: passages.length, slots: [] }),
    );
    expect(answer.citations[0]!.quote).toBe(expected);
  });

  it("answers a question about the document itself from its opening", () => {
    expect(answerTo("What is the name of this contract?").citations[0]!.quote).toBe("PROVIDER PARTICIPATION AGREEMENT");
    expect(answerTo("Who are the parties to this agreement?").citations[0]!.quote).toContain("Blue Valley Health Plan");
  });
});

describe("composeExtractiveAnswer: a question about the document itself, when its opening does not say", () => {
  /** The reply to a question asked of a document whose first page has these lines (and a clause further on). */
  function openingReply(question: string, lines: readonly string[]) {
    const pageList = [
      { pageNumber: 1, text: lines.join("\n") },
      { pageNumber: 2, text: "1.1 Services. The vendor shall keep the clinic's scheduling software running during business hours." },
    ];
    const passages = chunkClauses(structureDocument(pageList)).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
    const query = analyzeQuery(question);
    return composeExtractiveAnswer(
      question,
      query,
      passages,
      new Map(pageList.map((page) => [page.pageNumber, page.text])),
      topicWeights(query.topic, { passages: passages.length, slots: [] }),
    );
  }
  const legend = "Portions of this exhibit marked [***] were left out under a request for confidential treatment.";

  it.each([
    ["a title heading after a filing's exhibit number", ["Exhibit 10.4", "CLINICAL LAB SERVICES AGREEMENT", legend], "CLINICAL LAB SERVICES AGREEMENT"],
    [
      "the preamble that names the agreement, when no heading does",
      [legend, "This Clinical Lab Services Agreement (the “Agreement”) is made by Harbor Family Medicine and Coastline Labs LLC."],
      "This Clinical Lab Services Agreement",
    ],
    [
      "an opening line that starts with the title",
      [legend, "Billing Services Agreement This Agreement is entered into by and between Harbor Family Medicine and Ledger Medical Billing."],
      "Billing Services Agreement",
    ],
  ])("names the document from %s", (_, lines, title) => {
    const reply = openingReply("What is the name of this contract?", lines);
    expect(reply.outcome).toBe("answer");
    expect(reply.citations[0]!.quote).toContain(title);
  });

  it.each([
    [
      "its name, when the first page holds only a legend and an attachment's label",
      "What is the name of this contract?",
      ["Exhibit 10.4", legend, "Schedule B: Fees"],
    ],
    [
      "its name, when the preamble calls it only “this Agreement”",
      "What is the title of this document?",
      [legend, "THIS AGREEMENT is made this 3rd day of May."],
    ],
    ["its parties, when no opening line names them", "Who are the parties to this contract?", ["Exhibit 10.4", legend]],
    ["its date, when no opening line states one", "What is the date of this agreement?", ["Exhibit 10.4", legend]],
  ])("shows the opening only as closest for %s", (_, question, lines) => {
    const reply = openingReply(question, lines);
    expect(reply.outcome).toBe("closest");
    expect(reply.points.map((point) => point.text).join(" ")).not.toMatch(/\*\*/);
  });
});

/**
 * The extractive answer to a question about a one-page contract of the given lines, its topic's
 * slots weighed as given: in a whole contract, words of change are common and "price" rare.
 */
function answerOnPage(question: string, lines: readonly string[], weights: number[][]) {
  const page = { pageNumber: 1, text: ["SUPPLY AGREEMENT", ...lines].join("\n") };
  const passages = chunkClauses(structureDocument([page])).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
  return composeExtractiveAnswer(question, analyzeQuery(question), passages, new Map([[1, page.text]]), weights);
}

describe("composeExtractiveAnswer: a sentence with only part of what was asked, or that settles no Yes or No, is the closest, not an answer", () => {
  const confidentiality =
    "1.4 Confidential Information. Confidential Information includes customer lists, price sheets and product plans, whether or not marked.";
  const payment = "6.1 Payment. Buyer shall pay each invoice within thirty (30) days of receipt.";
  // Slots: raising (common), prices (rare).
  const restriction = { question: "Are there restrictions on raising prices?", weights: [[1, 3]] };
  // Slots: days, notice, prices (rare), increase.
  const notice = { question: "How many days' notice does a price increase need?", weights: [[1, 1, 4, 1]] };
  // Slots: minimum, purchase.
  const purchase = { question: "Is there a minimum purchase commitment?", weights: [[2, 2]] };
  it.each([
    [restriction, [confidentiality, payment], "closest", undefined],
    [
      restriction,
      [confidentiality, "6.2 Prices. Seller shall not raise the prices in Schedule 1 more than once in a contract year.", payment],
      "answer",
      "**Yes** (6.2 Prices, page 1)",
    ],
    [notice, [confidentiality, "6.3 Quotes. A price quoted by Seller stays open for thirty (30) days.", payment], "closest", undefined],
    [
      notice,
      [confidentiality, "6.2 Prices. Seller may increase a price on sixty (60) days' written notice to Buyer.", payment],
      "answer",
      "**60 days** (6.2 Prices, page 1)",
    ],
    // A sentence about the very thing asked whose negation could go either way settles no Yes or No.
    [
      purchase,
      [confidentiality, "4.1 Purchases. The minimum purchase amounts in Schedule 2 will not change in the first year.", payment],
      "closest",
      undefined,
    ],
    [
      purchase,
      [confidentiality, "4.1 Purchases. Buyer will purchase a minimum of 500 units in each quarter.", payment],
      "answer",
      "**Yes** (4.1 Purchases, page 1)",
    ],
  ])("%o (%#)", ({ question, weights }, lines, outcome, lead) => {
    const answer = answerOnPage(question, lines, weights);
    expect(answer.outcome).toBe(outcome);
    if (lead) expect(answer.points[0]!.text.slice(0, lead.length)).toBe(lead);
    else expect(answer.points.map((point) => point.text).join("\n")).not.toMatch(/\*\*/);
  });
});

describe("composeExtractiveAnswer: says when the contract does not address the question", () => {
  it.each([
    ["Is there a right of first refusal?", "This contract does not appear to address a right of first refusal."],
    [
      "Is a party required to deposit source code into escrow?",
      "This contract does not appear to address whether a party is required to deposit source code into escrow.",
    ],
    ["Does any party have to maintain malpractice insurance?", "This contract does not appear to address"],
  ])("%s", (question, statement) => {
    const answer = answerTo(question);
    expect(answer.outcome).toBe("not-addressed");
    expect(answer.points).toHaveLength(1);
    expect(answer.points[0]!.text.startsWith(statement)).toBe(true);
    expect(answer.points[0]!.citations).toEqual([]);
    expect(answer.related.length).toBeLessThanOrEqual(2);
  });

  it("does not let generic words (party, agreement, right, shall) pass for an answer", () => {
    expect(answerTo("Does either party have the right to audit the other party's books?").outcome).toBe("not-addressed");
  });

  it("shows the closest sections apart, as related, never as answer bullets", () => {
    const answer = answerTo("Does the contract provide for liquidated damages when a party terminates?");
    expect(answer.outcome).toBe("not-addressed");
    const markdown = formatAnswer(answer, "doc-1");
    expect(markdown).toMatch(/^\*\*Not addressed\*\*\n\n- This contract does not appear to address liquidated damages when a party terminates\.\n\n/);
    // Related sections name their clause plainly: nothing but an answer is written like one.
    expect(markdown).toContain(`${RELATED_TITLE}\n\n- 3.`);
  });

  it("shows the passage nearest in meaning as the closest, when a question without topic words finds nothing by its words", () => {
    const termination = sourceHolding("without cause");
    const answer = answerTo("What does it say?", [termination], termination);
    expect(answer.outcome).toBe("closest");
    expect(answer.points[0]!.text).toMatch(/^3\.2 Termination Without Cause \(page 3\): “/);
    expect(answer.citations[0]!.clauseNumber).toBe("3.2");
  });

  it("discloses a quote it cannot find on its page instead of dropping it", () => {
    const misplaced = { ...sourceHolding("ninety (90) days"), pageStart: 1, pageEnd: 1 };
    const answer = answerTo("How long do we have to file a claim?", [misplaced]);
    expect(answer.citations).toEqual([]);
    expect(answer.droppedCitations).toBe(1);
    expect(answer.points[0]!.isUnverified).toBe(true);
    expect(formatAnswer(answer, "d")).toContain(UNVERIFIED_NOTE);
  });
});

describe("verifyModelAnswer", () => {
  const given = [sourceHolding("without cause"), sourceHolding("lesser of billed")].map((source, index) => ({ ...source, number: index + 1 }));
  it.each([
    {
      name: "a point quoting its source keeps the citation",
      text: '- Either side can end the contract: "may terminate this Agreement without cause" [1]',
      citations: 1,
      outcome: "answer",
    },
    {
      name: "a point with no quotation is cited with the source's best matching sentence",
      text: "- You are paid the lesser of billed charges or the fee schedule [2]",
      citations: 1,
      outcome: "answer",
    },
    {
      name: "a made-up quotation is dropped, and nothing it claimed is shown as an answer",
      text: '- Payment is due "within fifteen (15) days of receipt" [2]',
      citations: 0,
      outcome: "closest",
    },
    {
      name: "a source number that was never given is dropped, and the answer is only the closest passages",
      text: "- Claims must be filed in 90 days [7]",
      citations: 0,
      outcome: "closest",
    },
    {
      name: "one good and one invented citation: the verified one is shown as closest, not as an answer",
      text: '- Ends on notice "without cause" [1] and "within fifteen (15) days" [2]',
      citations: 1,
      outcome: "closest",
    },
    {
      name: "a point without any citation makes the reply the closest passages",
      text: "- This is a standard agreement.\n- Either party may end it [1]",
      citations: 1,
      outcome: "closest",
    },
    {
      name: "a figure the quote does not state is not asserted",
      text: '- Either side may end it on 60 days notice: "may terminate this Agreement without cause" [1]',
      citations: 1,
      outcome: "closest",
    },
  ])("$name", ({ text, citations, outcome }) => {
    const answer = verifyModelAnswer(text, given, pages);
    expect(answer.citations).toHaveLength(citations);
    expect(answer.outcome).toBe(outcome);
    expect(answer.points.every((point) => !/\[\d+\]/.test(point.text))).toBe(true);
    // The closest passages are the contract's words only: none of the model's claims, no bold lead.
    if (outcome === "closest")
      expect(answer.points.map((point) => point.text)).toEqual(answer.citations.map((citation) => expect.stringContaining(citation.quote)));
    if (outcome === "closest") expect(answer.points.every((point) => !point.text.includes("**"))).toBe(true);
  });

  it("takes a model's 'does not appear to address' for what it is", () => {
    expect(verifyModelAnswer("- This contract does not appear to address a non-compete.", given, pages).outcome).toBe("not-addressed");
    expect(verifyModelAnswer('- Yes: "may terminate this Agreement without cause" [1]', given, pages).outcome).toBe("answer");
  });
});

describe("shownModelAnswer: a model's answer that verified nothing still shows the closest passages", () => {
  const given = [sourceHolding("without cause")].map((source) => ({ ...source, number: 1 }));
  const withoutModel = answerTo("Can either party end the agreement without cause?", given);
  it.each([
    {
      name: "nothing verified: the reply written without the model, as the closest",
      text: "- Claims must be filed in 90 days [7]",
      shows: "passages",
      dropped: 1,
    },
    {
      name: "one verified citation: the model's own closest",
      text: '- Ends on 60 days "may terminate this Agreement without cause" [1]',
      shows: "model",
      dropped: 0,
    },
    { name: "a verified answer: the model's answer", text: '- Yes: "may terminate this Agreement without cause" [1]', shows: "model", dropped: 0 },
  ])("$name", ({ text, shows, dropped }) => {
    const written = verifyModelAnswer(text, given, pages);
    const shown = shownModelAnswer(written, withoutModel);
    expect(shown === written).toBe(shows === "model");
    expect(shown.droppedCitations).toBe(dropped);
    if (shown.outcome === "closest") {
      expect(shown.points.length).toBeGreaterThan(0);
      expect(shown.points.every((point) => !point.text.includes("**"))).toBe(true);
    }
  });
});

describe("splitPoints", () => {
  it.each([
    ["- one\n- two", ["one", "two"]],
    ["1. one\n   continues\n2. two", ["one continues", "two"]],
    ["**Answer**\nA paragraph.\n\n**Citations**\n1. x", ["A paragraph."]],
  ])("%j", (text, expected) => expect(splitPoints(text)).toEqual(expected));
});

describe("formatAnswer", () => {
  it("writes an Answer section of bullets and a Citations section of links to the cited page and quote", () => {
    const markdown = formatAnswer(answerTo("Can we terminate without cause?"), "doc-1");
    expect(markdown).toMatch(/^\*\*Answer\*\*\n\n- \*\*Yes\*\* \(3\.2 Termination Without Cause, page 3\): “.+” \[1\]/);
    expect(markdown).toContain("**Citations**\n\n1. [3.2 Termination Without Cause, page 3](/app/documents/doc-1?page=3&q=");
  });

  it("says when there are no citations", () => {
    const markdown = formatAnswer(
      { outcome: "answer", points: [{ text: "Something", citations: [], isUnverified: true }], related: [], citations: [] },
      "doc-1",
    );
    expect(markdown).toContain(`- Something ${UNVERIFIED_NOTE}`);
    expect(markdown).toContain("None: no passage of the document supports an answer.");
  });

  it("says plainly when nothing was found, suggesting the document's sections", () => {
    const markdown = formatAnswer(
      { outcome: "not-addressed", points: nothingFoundPoints("What should we know?", ["Term and Termination", "Compensation"]), related: [], citations: [] },
      "d",
    );
    expect(markdown).toContain("I could not find anything in this document that answers “What should we know?”.");
    expect(markdown).toContain("Term and Termination; Compensation");
  });
});
