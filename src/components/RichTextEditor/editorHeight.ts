/** SPEC 9: the editor's writing area is 400 px high. */
export const EDITOR_HEIGHT = 400;
