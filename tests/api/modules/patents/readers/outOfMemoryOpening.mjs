/** A reader thread that runs out of its memory before it has opened the export. */
import { exhaustMemory } from "./opened.mjs";

exhaustMemory();
