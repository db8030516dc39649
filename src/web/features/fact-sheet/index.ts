// What other features use of the fact sheet; the router loads its pages from fact-sheet-pages.
export { useFactSheet } from "./use-fact-sheet";
