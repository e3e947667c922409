// The page's title: each page names itself; while the signed-in player has
// games where it is their turn, the count goes first ("(2) Triominoes"),
// so that a tab in the background says it.
let base = "Triominoes";
let waiting = 0;

function show(): void {
  document.title = waiting > 0 ? `(${waiting}) ${base}` : base;
}

export function setTitle(text: string): void {
  base = text;
  show();
}

export function setWaiting(count: number): void {
  waiting = count;
  show();
}

/** The title for a base and a count (for tests). */
export function titleOf(text: string, count: number): string {
  return count > 0 ? `(${count}) ${text}` : text;
}
