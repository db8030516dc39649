// What other features use of the contracts' terms: the library's details, sort and filter.
export { arrangeLibrary, ContractSummary, defaultArrangement, LibraryArrangementControls, type LibraryArrangement } from "./library-contracts";
export { useLibraryContracts } from "./use-contracts";
