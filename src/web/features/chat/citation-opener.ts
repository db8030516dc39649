import { createContext, useContext } from "react";
import type { CitationSource } from "../documents";

/** Opens a citation beside the answer; absent (a transcript shown elsewhere), citations are plain links to the viewer. */
export const CitationOpenerContext = createContext<((source: CitationSource) => void) | undefined>(undefined);

export const useCitationOpener = () => useContext(CitationOpenerContext);
